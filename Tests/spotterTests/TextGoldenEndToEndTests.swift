import Foundation
import Testing
import _SpotterTestSupport

/// Every command's text output, pinned in `Snapshots/text-*.txt` (re-recorded with
/// `RECORD_SNAPSHOTS=1`). One scenario runs once, step by step, as a user would; each step's
/// output is its own test case, so one change does not hide another. The sandbox's directory is
/// written as `$DIR` (it is the home too), the binary as `$SPOTTER`.
@Suite struct TextGoldenEndToEndTests {
  /// (name, arguments, now, writes): in order, each seeing what the ones before changed.
  static let steps: [(String, [String], String, Bool)] = {
    let evening = "2026-11-22T21:30:00+01:00"
    let uid = "workout-reminder-2026-11-23@spotter"
    return [
      ("import", ["import", "$DIR/strong.csv"], evening, false),
      ("run", ["run", "--days", "2"], evening, true),
      ("plan", ["plan", "--days", "2"], evening, false),
      ("backtest", ["backtest", "--weeks", "2"], evening, false),
      (
        "focus-add", ["focus", "add", "2026-11-24 09:00", "--for", "1h", "--title", "Deep work"], evening,
        true
      ),
      ("focus-list", ["focus", "list"], evening, false),
      ("skip", ["skip", "2026-11-25"], evening, true),
      ("snooze", ["snooze", uid, "30m"], evening, true),
      ("fire", ["fire", uid], "2026-11-23T17:40:00+01:00", false),
      ("done", ["done", uid], "2026-11-23T17:56:00+01:00", true),
      ("catch-up", ["catch-up"], "2026-11-23T18:00:00+01:00", false),
      ("history", ["history", "--days", "7"], "2026-11-23T18:00:00+01:00", false),
      ("achievements", ["achievements"], "2026-11-23T18:00:00+01:00", false),
      ("session-list", ["session", "list"], "2026-11-23T18:00:00+01:00", false),
      ("agenda-install-dry-run", ["agenda", "install", "--dry-run"], "2026-11-23T18:00:00+01:00", false),
    ]
  }()

  /// Each step's stdout, then stderr after a `--- stderr` line when there is any.
  static let outputs = Task<[String: String], any Error> {
    let box = try Sandbox()
    try FileManager.default.copyItem(
      atPath: SpotterBinary.example("strong.csv"), toPath: box.dir.appendingPathComponent("strong.csv").path)
    var outputs: [String: String] = [:]
    for (name, arguments, now, writes) in steps {
      // The sandbox is the home too: `agenda install --dry-run` names paths under it.
      let result = try await box.spotter(
        arguments.map { $0.replacingOccurrences(of: "$DIR", with: box.dir.path) }, now: now, writes: writes,
        environment: ["HOME": box.dir.path])
      let text = result.stdout + (result.stderr.isEmpty ? "" : "--- stderr\n" + result.stderr)
      outputs[name] =
        "exit \(result.status)\n"
        + text.replacingOccurrences(of: SpotterBinary.executable.path, with: "$SPOTTER")
        .replacingOccurrences(of: box.dir.path, with: "$DIR")
    }
    return outputs
  }

  @Test(arguments: steps.map(\.0))
  func outputIsPinned(_ name: String) async throws {
    let output = try #require(try await Self.outputs.value[name])
    try assertSnapshot(output, named: "text-\(name).txt")
  }
}
