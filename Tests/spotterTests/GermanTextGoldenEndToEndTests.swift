import Foundation
import Testing
import _SpotterTestSupport

/// With `language = "de"`, what `run`, `plan`, `pattern` and `backtest` print is German, pinned in
/// `Snapshots/text-de-*.txt` (re-recorded with `RECORD_SNAPSHOTS=1`): CLDR's weekday names,
/// decimal commas, and the notes and reasons of the plan.
@Suite struct GermanTextGoldenEndToEndTests {
  static let steps: [(String, [String])] = [
    ("run", ["run", "--history", SpotterBinary.example("strong.csv"), "--days", "2"]),
    ("plan", ["plan", "--days", "3"]),
    ("pattern", ["pattern", "--color", "never"]),
    ("backtest", ["backtest", "--weeks", "2"]),
  ]

  static let outputs = Task<[String: String], any Error> {
    let box = try Sandbox()
    // Top-level keys come before the tables.
    let config = try String(contentsOfFile: box.config, encoding: .utf8)
    try ("language = \"de\"\n" + config).write(toFile: box.config, atomically: true, encoding: .utf8)
    var outputs: [String: String] = [:]
    for (name, arguments) in steps {
      let result = try await box.spotter(arguments, now: "2026-11-22T21:30:00+01:00", writes: name == "run")
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
