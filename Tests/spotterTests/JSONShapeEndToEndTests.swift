import Foundation
import Testing
import _SpotterTestSupport

/// Issue 14 §6: every command's `--json` is one object with `"version"`, local times carry their
/// UTC offset, and a golden file pins each shape (`Snapshots/json-*.json`, re-recorded with
/// `RECORD_SNAPSHOTS=1`). The sandbox's directory is written as `$DIR`.
@Suite struct JSONShapeEndToEndTests {
  @Test func everyCommandsShapeIsPinned() async throws {
    let box = try Sandbox()
    let evening = "2026-11-22T21:30:00+01:00"
    var outputs: [(String, String)] = []
    func json(_ name: String, _ arguments: [String], now: String = evening, writes: Bool = false) async throws
    {
      let result = try await box.spotter(arguments + ["--json"], now: now, writes: writes)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      #expect(object?["version"] as? Int == 1, "\(name) has no version")
      // The notifier is named by a hash of its command, which holds the sandbox's path.
      let text = result.stdout.replacingOccurrences(of: box.dir.path, with: "$DIR")
        .replacingOccurrences(
          of: #""notifier" : "[0-9a-f]{8}""#, with: #""notifier" : "HASH""#, options: .regularExpression)
      outputs.append((name, text))
    }
    let strong = box.dir.appendingPathComponent("strong.csv").path
    try FileManager.default.copyItem(atPath: SpotterBinary.example("strong.csv"), toPath: strong)
    try await json("import", ["import", strong])
    try await json("run", ["run", "--days", "2"], writes: true)
    try await json("plan", ["plan", "--days", "2"])
    try await json("pattern", ["pattern"])
    try await json("backtest", ["backtest", "--weeks", "2"])
    try await json(
      "focus-add", ["focus", "add", "2026-11-24 09:00", "--for", "1h", "--title", "Deep work"], writes: true)
    try await json("focus-list", ["focus", "list"])
    try await json("skip", ["skip", "2026-11-25"], writes: true)
    try await json("snooze", ["snooze", "workout-reminder-2026-11-23@spotter", "30m"], writes: true)
    try await json("fire", ["fire", "workout-reminder-2026-11-23@spotter"], now: "2026-11-23T17:40:00+01:00")
    try await json("done", ["done", "workout-reminder-2026-11-23@spotter"], writes: true)
    try await json("catch-up", ["catch-up"], now: "2026-11-23T18:00:00+01:00")
    try await json("history", ["history", "--days", "7"], now: "2026-11-23T18:00:00+01:00")
    try await json("achievements", ["achievements"])
    try await json("session-list", ["session", "list"])
    for (name, output) in outputs {
      try assertSnapshot(output, named: "json-\(name).json")
    }
    // Instants are local, with their offset.
    let plan = outputs.first { $0.0 == "plan" }?.1 ?? ""
    #expect(plan.contains("\"start\" : \"2026-11-23T") && plan.contains("+01:00\""), "\(plan.prefix(400))")
  }
}
