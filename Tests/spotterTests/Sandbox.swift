import Foundation
import SpotterICal
import _SpotterTestSupport

/// One test's own config, store, outputs and notifier log, driven through the built binary.
struct Sandbox {
  let dir: URL
  var db: String { dir.appendingPathComponent("db.sqlite").path }
  var out: String { dir.appendingPathComponent("out").path }
  var config: String { dir.appendingPathComponent("config.toml").path }
  var deliveredPath: String { dir.appendingPathComponent("delivered.txt").path }
  /// Added to every command's environment, e.g. a crontab stand-in's.
  var environment: [String: String] = [:]

  /// Monday is Push Day; the notifier appends `title|body|uid` to `delivered.txt`, or runs
  /// `notifier` instead.
  init(program: String = "mon = \"Push Day\"", notifier: String? = nil, extra: String = "") throws {
    dir = try SpotterBinary.scratch()
    let log = dir.appendingPathComponent("delivered.txt").path
    let command = notifier ?? "printf '%s|%s|%s\\n' {title} \"$SPOTTER_BODY\" {uid} >> '\(log)'"
    let text = """
      timezone = "Europe/Berlin"
      [program]
      \(program)
      [agenda]
      timezone = "Europe/Berlin"
      [notify]
      commands = ['''\(command)''']
      \(extra)
      """
    try text.write(to: dir.appendingPathComponent("config.toml"), atomically: false, encoding: .utf8)
  }

  /// Runs `spotter COMMAND…` on this sandbox's config and store at `now`; `--out` for commands
  /// that write outputs.
  @discardableResult
  func spotter(_ arguments: [String], now: String, writes: Bool = false, environment: [String: String] = [:])
    async throws -> SpotterBinary.Result
  {
    try await SpotterBinary.run(
      arguments + ["--config", config, "--db", db, "--now", now] + (writes ? ["--out", out] : []),
      environment: self.environment.merging(environment) { $1 })
  }

  /// The lines the notifier wrote, in order.
  var delivered: [String] {
    ((try? String(contentsOfFile: deliveredPath, encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  func calendar() throws -> ParsedCalendar {
    try ICSReader().read(
      try String(contentsOfFile: out + "/spotter.ics", encoding: .utf8), fileName: "spotter.ics")
  }

  func event(_ uid: String) throws -> ParsedEvent? { try calendar().events.first { $0.uid == uid } }

  func agenda() throws -> String { try String(contentsOfFile: out + "/agenda.crontab", encoding: .utf8) }

  /// The agenda line of `uid`, without the trailing marker.
  func agendaLine(_ uid: String) throws -> String? {
    try agenda().split(separator: "\n").first { $0.hasSuffix("# spotter:\(uid)") }.map(String.init)
  }

  /// A native JSON history with one session, imported into the store.
  func importSession(start: String, state: String, now: String) async throws -> SpotterBinary.Result {
    let path = dir.appendingPathComponent("session-\(UUID().uuidString).json").path
    let end =
      state == "completed" ? ", \"end\": \"\(start.replacingOccurrences(of: "T07", with: "T08"))\"" : ""
    let json = """
      {"weight_unit": "kg", "sessions": [{"id": "s-\(start)", "workout_name": "Push Day", "start": "\(start)"\(end),
      "state": "\(state)", "exercises": [{"name": "Bench Press", "sets": [{"weight": 60, "reps": 8, "completed": true}]}]}]}
      """
    try json.write(toFile: path, atomically: false, encoding: .utf8)
    return try await spotter(["import", path], now: now)
  }
}
