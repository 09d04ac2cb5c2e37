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
    // A `crontab` first on the workspace's PATH, keeping its table in the sandbox: a service that
    // refreshes an installed block never reaches the real user's crontab, and a machine without
    // cron runs these tests alike.
    let bin = dir.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let crontab = bin.appendingPathComponent("crontab").path
    try Self.crontabStandIn.write(toFile: crontab, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: crontab)
  }

  /// Answers `-l` from the sandbox's `crontab-table` ("no crontab" when there is none) and puts
  /// a named file there, as Debian's crontab does.
  static let crontabStandIn = """
    #!/bin/sh
    table="$(dirname "$0")/../crontab-table"
    case "$1" in
      -l) [ -f "$table" ] || { echo "no crontab for test" >&2; exit 1; }; cat "$table" ;;
      -*|"") echo "crontab: usage error: $1" >&2; exit 1 ;;
      *) cp "$1" "$table" ;;
    esac
    """

  /// The resolved context at `now`: this sandbox's config and store, its own XDG directories and
  /// home, English, and a machine zone of Berlin, whatever this machine's are.
  func workspace(at now: String, opensStoreFirst: Bool = false) throws -> Workspace {
    let environment = [
      "HOME": dir.path, "XDG_CONFIG_HOME": dir.path + "/xdg-config", "XDG_DATA_HOME": dir.path + "/xdg-data",
      "XDG_STATE_HOME": dir.path + "/xdg-state", "LANG": "en_US.UTF-8", "TZ": "Europe/Berlin",
      "SPOTTER_LOCALTIME": "/usr/share/zoneinfo/Europe/Berlin",
      "PATH": dir.path + "/bin:/usr/local/bin:/usr/bin:/bin",
    ]
    var options = SpotterOptions(
      configPath: config, databasePath: db, now: now, environment: environment,
      executablePath: "/usr/local/bin/spotter")
    options.opensStoreFirst = opensStoreFirst
    return try Workspace(options: options)
  }

  /// A sandbox whose first night ran at `evening` (`run` of the example Strong export, a week
  /// planned), with its store and both outputs.
  static func afterANight(at evening: String) throws -> AppSandbox {
    let box = try AppSandbox()
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [try box.strongExport()], horizon: .coming(count: 7), outputDirectory: box.out)
    return box
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
