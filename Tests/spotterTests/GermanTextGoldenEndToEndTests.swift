import Foundation
import Testing
import _SpotterTestSupport

/// With `language = "de"`, what `run`, `plan`, `pattern`, `backtest`, `skip`, `snooze` and `done` print is German, pinned in
/// `Snapshots/text-de-*.txt` (re-recorded with `RECORD_SNAPSHOTS=1`): CLDR's weekday names,
/// decimal commas, and the notes and reasons of the plan.
@Suite struct GermanTextGoldenEndToEndTests {
  /// (name, arguments, now, writes), in order, each seeing what the ones before changed.
  static let steps: [(String, [String], String, Bool)] = {
    let evening = "2026-11-22T21:30:00+01:00"
    let uid = "workout-reminder-2026-11-23@spotter"
    return [
      ("run", ["run", "--history", SpotterBinary.example("strong.csv"), "--days", "2"], evening, true),
      ("plan", ["plan", "--days", "3"], evening, false),
      ("pattern", ["pattern", "--color", "never"], evening, false),
      ("backtest", ["backtest", "--weeks", "2"], evening, false),
      ("skip", ["skip", "2026-11-25"], evening, true),
      ("snooze", ["snooze", uid, "30m"], evening, true),
      ("done", ["done", uid], "2026-11-23T17:56:00+01:00", true),
    ]
  }()

  static let outputs = Task<[String: String], any Error> {
    let box = try Sandbox()
    // Top-level keys come before the tables.
    let config = try String(contentsOfFile: box.config, encoding: .utf8)
    try ("language = \"de\"\n" + config).write(toFile: box.config, atomically: true, encoding: .utf8)
    var outputs: [String: String] = [:]
    for (name, arguments, now, writes) in steps {
      let result = try await box.spotter(arguments, now: now, writes: writes)
      outputs[name] =
        "exit \(result.status)\n"
        + (result.stdout + (result.stderr.isEmpty ? "" : "--- stderr\n" + result.stderr))
        .replacingOccurrences(of: box.dir.path, with: "$DIR")
        .replacingOccurrences(of: SpotterBinary.example("strong.csv"), with: "$EXAMPLES/strong.csv")
    }
    return outputs
  }

  @Test(arguments: steps.map(\.0))
  func outputIsGermanAndPinned(_ name: String) async throws {
    let output = try #require(try await Self.outputs.value[name])
    try assertSnapshot(output, named: "text-de-\(name).txt")
    #expect(output.hasPrefix("exit 0\n"), "\(output)")
    // Nothing of the English frame is left.
    for english in [
      "planned ", "Plan for", "Training pattern", "Probability", "alarm ", "unchanged", "training days",
      "useful",
    ] {
      #expect(!output.contains(english), "\(name): \(english)")
    }
  }
}
