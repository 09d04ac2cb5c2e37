import Foundation
import Testing
import _SpotterTestSupport

/// With `language = "de"`, what `run`, `plan`, `pattern`, `backtest`, `skip`, `snooze`, `done`,
/// `focus`, `import`, `achievements`, `session` and `history` print is German, pinned in
/// `Snapshots/text-de-*.txt` (re-recorded with `RECORD_SNAPSHOTS=1`): CLDR's weekday names,
/// decimal commas, and the notes and reasons of the plan; and so are the errors of what a
/// command was asked to do (`done` twice, a past day, a mistyped time, as JSON too).
@Suite struct GermanTextGoldenEndToEndTests {
  /// (name, arguments, now, writes, exit status), in order, each seeing what the ones before
  /// changed.
  static let steps: [(String, [String], String, Bool, Int32)] = {
    let evening = "2026-11-22T21:30:00+01:00"
    let uid = "workout-reminder-2026-11-23@spotter"
    let later = "2026-11-23T18:00:00+01:00"
    return [
      ("run", ["run", "--history", SpotterBinary.example("strong.csv"), "--days", "2"], evening, true, 0),
      ("plan", ["plan", "--days", "3"], evening, false, 0),
      ("pattern", ["pattern", "--color", "never"], evening, false, 0),
      ("backtest", ["backtest", "--weeks", "2"], evening, false, 0),
      ("skip", ["skip", "2026-11-25"], evening, true, 0),
      ("snooze", ["snooze", uid, "30m"], evening, true, 0),
      ("done", ["done", uid], "2026-11-23T17:56:00+01:00", true, 0),
      ("error-done-again", ["done", uid], "2026-11-23T17:57:00+01:00", true, 64),
      (
        "focus-add", ["focus", "add", "tomorrow 09:00", "--for", "90m", "--title", "Tiefe Arbeit"], later,
        true, 0
      ),
      ("focus-list", ["focus", "list"], later, false, 0),
      ("import", ["import", SpotterBinary.example("hevy.csv")], later, false, 0),
      ("achievements", ["achievements", "--limit", "3"], later, false, 0),
      ("session-list", ["session", "list"], later, false, 0),
      ("history", ["history", "--days", "3"], later, false, 0),
      ("error-import-cell", ["import", "$DIR/verlauf.csv"], later, false, 65),
      ("error-import-missing", ["import", "$DIR/fehlt.csv"], later, false, 74),
      ("error-import-not-history", ["import", SpotterBinary.example("config.toml")], later, false, 65),
      ("error-skip-past", ["skip", "2026-11-01"], evening, true, 64),
      ("error-focus-typo", ["focus", "add", "tomorow 9", "--json"], evening, true, 64),
    ]
  }()

  static let outputs = Task<[String: String], any Error> {
    let box = try Sandbox()
    // Top-level keys come before the tables.
    let config = try String(contentsOfFile: box.config, encoding: .utf8)
    try ("language = \"de\"\n" + config).write(toFile: box.config, atomically: false, encoding: .utf8)
    // A Strong export with one weight no app writes, for the error of a cell.
    try """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2026-11-20 18:00:00,"Push",1h,"Bench Press (Barbell)",1,abc,8,0,0,"","",

    """.write(to: box.dir.appendingPathComponent("verlauf.csv"), atomically: false, encoding: .utf8)
    var outputs: [String: String] = [:]
    for (name, arguments, now, writes, _) in steps {
      let result = try await box.spotter(
        arguments.map { $0.replacingOccurrences(of: "$DIR", with: box.dir.path) }, now: now, writes: writes)
      outputs[name] =
        "exit \(result.status)\n"
        + (result.stdout + (result.stderr.isEmpty ? "" : "--- stderr\n" + result.stderr))
        .replacingOccurrences(of: box.dir.path, with: "$DIR")
        .replacingOccurrences(of: SpotterBinary.example("strong.csv"), with: "$EXAMPLES/strong.csv")
        .replacingOccurrences(of: SpotterBinary.example("hevy.csv"), with: "$EXAMPLES/hevy.csv")
        .replacingOccurrences(of: SpotterBinary.example("config.toml"), with: "$EXAMPLES/config.toml")
    }
    return outputs
  }

  @Test(arguments: steps.map(\.0))
  func outputIsGermanAndPinned(_ name: String) async throws {
    let output = try #require(try await Self.outputs.value[name])
    try assertSnapshot(output, named: "text-de-\(name).txt")
    let status = try #require(Self.steps.first { $0.0 == name }?.4)
    #expect(output.hasPrefix("exit \(status)\n"), "\(output)")
    // Nothing of the English frame is left.
    for english in [
      "planned ", "Plan for", "Training pattern", "Probability", "alarm ", "unchanged", "training days",
      "useful", "error:", "reminder '", "no reminder", "expected", "did you mean", " got ", "wrote ",
      "imported", "added", "announced", "no sessions", "sessions", "warning:", "note:",
    ] {
      #expect(!output.contains(english), "\(name): \(english)")
    }
  }

  /// A refused option is said before any config is read, in LANG's language, opening as every
  /// other refusal does ("spotter: Fehler:", not swift-argument-parser's "Error:"), above its
  /// usage lines.
  @Test func aRefusedOptionIsSaidInLANGsLanguage() async throws {
    let refused = try await SpotterBinary.run(
      ["achievements", "--kind", "record"], environment: ["LANG": "de_DE.UTF-8"])
    #expect(refused.status == 64)
    #expect(
      refused.stderr.contains(
        "unbekannte Art 'record'; die Arten sind weight-record, one-rep-max-record, reps-record, streak"),
      "\(refused.stderr)")
    let english = try await SpotterBinary.run(
      ["achievements", "--kind", "record"], environment: ["LANG": "C"])
    #expect(
      english.stderr.contains("unknown kind 'record'; the kinds are weight-record"), "\(english.stderr)")
    #expect(refused.stderr.hasPrefix("spotter: Fehler: unbekannte Art 'record'"), "\(refused.stderr)")
    #expect(english.stderr.hasPrefix("spotter: error: unknown kind 'record'"), "\(english.stderr)")
    #expect(english.stderr.contains("\nUsage: spotter achievements "), "\(english.stderr)")
    let unknown = try await SpotterBinary.run(["run", "--bogus"], environment: ["LANG": "C"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("spotter: error: Unknown option '--bogus'"), "\(unknown.stderr)")
  }
}
