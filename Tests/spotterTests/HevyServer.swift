import Foundation
import Testing
import _SpotterTestSupport

/// A local server speaking Hevy's published API (`Hevy/hevy_server.py`), one per test, on a free
/// loopback port; the test sets what it holds and reads what it was asked.
final class HevyServer {
  let dir: URL
  let process = Process()
  let url: String
  static let key = "hevy-test-key-5f1c9a77e2"

  init() throws {
    dir = try SpotterBinary.scratch()
    try Self.write(["key": Self.key, "workouts": [], "events": []], to: dir)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Hevy/hevy_server.py")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, dir.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Listening once it has written its port; a condition waited for, with a bound for failure.
    let portFile = dir.appendingPathComponent("port").path
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: portFile) {
      guard process.isRunning, Date() < deadline else {
        throw TestFailure("the Hevy stand-in did not start")
      }
      usleep(20_000)
    }
    url = "http://127.0.0.1:" + (try String(contentsOfFile: portFile, encoding: .utf8))
  }

  deinit { stop() }

  /// Stops the server. SIGKILL, because a child of the test process may inherit a mask that
  /// blocks SIGTERM. Tests call it in a `defer`, which also keeps the server alive to the end of
  /// the test: Swift may release an object after its last use.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Replaces what the server holds.
  func set(
    workouts: [[String: Any]] = [], events: [[String: Any]] = [], fail: [String: Any]? = nil,
    delay: Double = 0, malformed: Bool = false, body: Any? = nil, escapeKey: Bool = false,
    deleteAfter: [String: Any]? = nil, pageCount: Int? = nil, noEvents: Bool = false
  ) throws {
    var state: [String: Any] = [
      "key": Self.key, "workouts": workouts, "events": events, "delay": delay, "malformed": malformed,
      "escape_key": escapeKey,
    ]
    if let fail { state["fail"] = fail }
    if let body { state["body"] = body }
    if let deleteAfter { state["delete_after"] = deleteAfter }
    if let pageCount { state["page_count"] = pageCount }
    if noEvents { state["no_events"] = true }
    try Self.write(state, to: dir)
  }

  private static func write(_ state: [String: Any], to dir: URL) throws {
    let data = try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys])
    let temporary = dir.appendingPathComponent("state.json.tmp")
    try data.write(to: temporary)
    // A rename, so the server never reads half a file.
    guard rename(temporary.path, dir.appendingPathComponent("state.json").path) == 0 else {
      throw TestFailure("cannot write the Hevy stand-in's state")
    }
  }

  /// The requests made so far, one line each: "GET /v1/workouts?page=1&pageSize=10 key-ok".
  var requests: [String] {
    ((try? String(contentsOf: dir.appendingPathComponent("requests.log"), encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  /// Forgets the requests made so far.
  func clearRequests() {
    try? FileManager.default.removeItem(at: dir.appendingPathComponent("requests.log"))
  }

  /// A workout as the API returns it; `start` is UTC ("2026-11-23T06:00:00Z"), one hour long,
  /// with one warm-up and the working sets of `lifts`.
  static func workout(
    id: String, title: String = "Push Day", start: String, updated: String? = nil,
    lifts: [(String, [(Double, Int)])] = [("Bench Press (Barbell)", [(100, 5)])]
  ) -> [String: Any] {
    let end = Self.plusHour(start)
    return [
      "id": id, "title": title, "description": "", "routine_id": NSNull(), "start_time": start,
      "end_time": end, "updated_at": updated ?? end, "created_at": end,
      "exercises": lifts.enumerated().map { index, lift in
        [
          "index": index, "title": lift.0, "notes": "", "exercise_template_id": "79D0BB3A",
          "superset_id": NSNull(),
          "sets": [["index": 0, "type": "warmup", "weight_kg": 20, "reps": 10, "rpe": NSNull()]]
            + lift.1.enumerated().map { order, set in
              [
                "index": order + 1, "type": "normal", "weight_kg": set.0, "reps": set.1, "rpe": NSNull(),
                "distance_meters": NSNull(), "duration_seconds": NSNull(),
              ]
            },
        ] as [String: Any]
      },
    ]
  }

  static func updated(_ workout: [String: Any]) -> [String: Any] { ["type": "updated", "workout": workout] }

  static func deleted(_ id: String, at: String) -> [String: Any] {
    ["type": "deleted", "id": id, "deleted_at": at]
  }

  /// "2026-11-23T06:00:00Z" an hour later.
  static func plusHour(_ start: String) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: formatter.date(from: start)!.addingTimeInterval(3600))
  }
}
