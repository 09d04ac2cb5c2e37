import Foundation
import SpotterApp
import SpotterCore
import _SpotterTestSupport

/// A temporary directory with a config, a store path and an output directory, and the
/// ``Workspace`` of any instant in it: services are called in process, with the clock injected.
struct AppSandbox {
  let dir: URL
  var config: String { dir.appendingPathComponent("config.toml").path }
  var db: String { dir.appendingPathComponent("spotter.sqlite").path }
  var out: String { dir.appendingPathComponent("out").path }

  /// Monday is Push Day by the program, so a reminder exists whatever was learned.
  init(
    config text: String =
      "timezone = \"Europe/Berlin\"\n[program]\nmon = \"Push Day\"\n[agenda]\ntimezone = \"Europe/Berlin\"\n"
  ) throws {
    dir = TestScratch.root.appendingPathComponent("spotter-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try text.write(toFile: dir.appendingPathComponent("config.toml").path, atomically: false, encoding: .utf8)
  }

  /// The resolved context at `now`: this sandbox's config and store, its own XDG directories and
  /// home, English, and a machine zone of Berlin, whatever this machine's are.
  func workspace(at now: String, opensStoreFirst: Bool = false) throws -> Workspace {
    let environment = [
      "HOME": dir.path, "XDG_CONFIG_HOME": dir.path + "/xdg-config", "XDG_DATA_HOME": dir.path + "/xdg-data",
      "XDG_STATE_HOME": dir.path + "/xdg-state", "LANG": "en_US.UTF-8", "TZ": "Europe/Berlin",
      "SPOTTER_LOCALTIME": "/usr/share/zoneinfo/Europe/Berlin",
    ]
    var options = SpotterOptions(
      configPath: config, databasePath: db, now: now, environment: environment,
      executablePath: "/usr/local/bin/spotter")
    options.opensStoreFirst = opensStoreFirst
    return try Workspace(options: options)
  }

  /// The example Strong export, copied in.
  func strongExport() throws -> String {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/strong.csv")
    let target = dir.appendingPathComponent("strong.csv")
    try FileManager.default.copyItem(at: source, to: target)
    return target.path
  }

  /// A Strong export of `sessions` (local date and minute of the day, one set of squats each)
  /// written to `history.csv` in the sandbox; its path.
  @discardableResult
  func strongExport(_ sessions: [(LocalDate, Int)]) throws -> String {
    var lines = [
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
    ]
    for (date, minute) in sessions {
      let time = String(format: "%02d:%02d:00", minute / 60, minute % 60)
      lines.append("\(date) \(time),\"Full Body\",1h,\"Squat (Barbell)\",1,100,5,0,0,\"\",\"\",")
    }
    let path = dir.appendingPathComponent("history.csv").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func read(_ name: String) throws -> String {
    try String(contentsOfFile: out + "/" + name, encoding: .utf8)
  }
}
