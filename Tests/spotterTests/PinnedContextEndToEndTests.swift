import Foundation
import Testing
import _SpotterTestSupport

/// Issue 14 §1 through the binary: without a config, the first command that writes the store pins
/// the system's zone and the language of that moment; later runs keep to them whatever `TZ` and
/// `LANG` say, and say so when they differ.
@Suite struct PinnedContextEndToEndTests {
  /// A user's shell: a `TZ` other than the machine's (Berlin), German.
  static let shell = ["TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"]
  /// Cron: no `TZ`, no `LANG`.
  static let cron = ["TZ": "", "LANG": ""]
  static let now = "2026-11-22T21:30:00+01:00"

  func run(_ dir: URL, _ arguments: [String], _ environment: [String: String]) async throws
    -> SpotterBinary.Result
  {
    try await SpotterBinary.run(
      arguments + ["--db", dir.appendingPathComponent("db.sqlite").path, "--now", Self.now],
      environment: environment)
  }

  @Test func theFirstWritePinsTheSystemZoneAndTheLanguageOfThatMoment() async throws {
    let dir = try SpotterBinary.scratch()
    let out = dir.appendingPathComponent("out").path
    let nightly = [
      "run", "--history", SpotterBinary.example("strong.csv"), SpotterBinary.example("hevy.csv"), "--days",
      "7", "--out", out,
    ]
    let first = try await run(dir, nightly, Self.shell)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.contains(
        "Hinweis: der Speicher behält jetzt die Zeitzone 'Europe/Berlin' (aus dem System) und die Sprache 'de' (aus LANG)"
      ),
      "\(first.stderr)")
    let calendar = try String(contentsOfFile: out + "/spotter.ics", encoding: .utf8)
    #expect(calendar.contains("TZID=Europe/Berlin:"))
    #expect(calendar.contains("DESCRIPTION:Zeit für dein"))

    // Cron's run the same night: the same bytes, no SEQUENCE bumped, nothing to say.
    let cron = try await run(dir, nightly, Self.cron)
    #expect(cron.status == 0, "\(cron.stderr)")
    #expect(cron.stderr.isEmpty, "\(cron.stderr)")
    #expect(try String(contentsOfFile: out + "/spotter.ics", encoding: .utf8) == calendar)

    // Another shell, in New York and English: still Berlin and German, with a warning for each.
    let travel = try await run(
      dir, ["plan", "--days", "7"], ["TZ": "America/New_York", "LANG": "en_US.UTF-8"])
    #expect(travel.status == 0)
    #expect(travel.stdout.contains("(Europe/Berlin)") && travel.stdout.contains("Zeit für dein"))
    // Said in German, the language the store keeps.
    #expect(
      travel.stderr.contains(
        "Warnung: die Zeitzone des Speichers 'Europe/Berlin' gilt, nicht 'America/New_York' aus TZ"),
      "\(travel.stderr)")
    #expect(travel.stderr.contains("Warnung: die Sprache des Speichers 'de' gilt, nicht 'en' aus LANG"))
  }

  @Test func theConfigBeatsThePinnedValuesAndReadOnlyCommandsPinNothing() async throws {
    let dir = try SpotterBinary.scratch()
    // A read-only command on an empty store pins nothing.
    let plan = try await run(dir, ["plan"], Self.shell)
    #expect(plan.status == 0 && !plan.stderr.contains("keeps time zone"))
    // It says why it learned nothing, and what to do.
    #expect(plan.stderr.contains("Hinweis: noch nichts importiert: 'spotter import DATEI'"), "\(plan.stderr)")
    #expect(
      try await run(dir, ["import", SpotterBinary.example("strong.csv")], Self.cron).stderr.contains(
        "language 'en'"))
    let config = dir.appendingPathComponent("config.toml")
    try "timezone = \"Asia/Tokyo\"\nlanguage = \"de\"\n".write(to: config, atomically: false, encoding: .utf8)
    let configured = try await run(dir, ["plan", "--days", "7", "--config", config.path], Self.cron)
    #expect(configured.stdout.contains("(Asia/Tokyo)") && configured.stdout.contains("Zeit für dein"))
    #expect(configured.stderr.isEmpty, "\(configured.stderr)")
  }

  /// The zone the user gave is the one kept and shown: `UTC` stays `UTC` (Foundation calls it
  /// `GMT`). `UTC+2` and `GMT+2`, which Foundation turns into `GMT+0200`, are no IANA names: they
  /// are refused with a suggestion before anything is kept.
  @Test func theZoneIsKeptAsGivenAndOffsetsAreRefused() async throws {
    let dir = try SpotterBinary.scratch()
    let db = dir.appendingPathComponent("db.sqlite").path
    for bad in ["UTC+2", "GMT+2"] {
      let refused = try await run(
        dir, ["import", SpotterBinary.example("strong.csv"), "--timezone", bad], Self.cron)
      #expect(refused.status != 0)
      #expect(refused.stderr.contains("not an IANA time zone name") && refused.stderr.contains("Etc/GMT-2"))
      #expect(!FileManager.default.fileExists(atPath: db))
    }
    let config = dir.appendingPathComponent("config.toml").path
    try "timezone = \"GMT+2\"\n".write(toFile: config, atomically: false, encoding: .utf8)
    let configured = try await run(
      dir, ["import", SpotterBinary.example("strong.csv"), "--config", config], Self.cron)
    #expect(configured.status == 78)
    #expect(configured.stderr.contains("config.toml:1: key 'timezone': not an IANA time zone name"))
    let kept = try await run(
      dir, ["import", SpotterBinary.example("strong.csv"), "--timezone", "UTC"], Self.cron)
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(kept.stderr.contains("keeps time zone 'UTC' (from --timezone)"), "\(kept.stderr)")
    #expect(
      try await SpotterBinary.sqlite(db, "SELECT value FROM setting WHERE key = 'pinned.timezone'") == "UTC\n"
    )
    let plan = try await run(dir, ["plan", "--json", "--days", "1"], Self.cron)
    #expect(plan.stdout.contains(#""time_zone" : "UTC""#), "\(plan.stdout)")
  }

  /// Foundation's own spellings of offsets (`GMT+0200`, `GMT-0300`) and its abbreviations
  /// (`PST`, `IST`), which it accepts but no calendar writer can write, are refused with a
  /// suggestion, from the flag and from the config, before any store is created; `CET` and
  /// `EST5EDT`, tzdata's own, are kept and written.
  @Test func spellingsNoWriterCanWriteAreRefusedBeforeAnythingIsKept() async throws {
    let dir = try SpotterBinary.scratch()
    let db = dir.appendingPathComponent("db.sqlite").path
    let config = dir.appendingPathComponent("config.toml").path
    for (bad, advice) in [
      ("GMT+0200", "Etc/GMT-2"), ("GMT-0300", "Etc/GMT+3"), ("GMT+0100", "Etc/GMT-1"),
      ("GMT+02:00", "Etc/GMT-2"),
      ("UTC+0530", "tzdata has no zone for that fixed offset"), ("PST", "e.g. America/Los_Angeles"),
      ("IST", "an abbreviation"),
    ] {
      let flagged = try await run(
        dir, ["import", SpotterBinary.example("strong.csv"), "--timezone", bad], Self.cron)
      #expect(flagged.status != 0 && flagged.stderr.contains(advice), "\(bad): \(flagged.stderr)")
      try "timezone = \"\(bad)\"\n".write(toFile: config, atomically: false, encoding: .utf8)
      let configured = try await run(
        dir, ["import", SpotterBinary.example("strong.csv"), "--config", config], Self.cron)
      #expect(configured.status == 78, "\(bad): \(configured.stderr)")
      #expect(
        configured.stderr.contains("config.toml:1: key 'timezone'") && configured.stderr.contains(advice))
      #expect(!FileManager.default.fileExists(atPath: db), "\(bad) created a store")
    }
    for good in ["CET", "EST5EDT", "PST8PDT"] {
      let box = try SpotterBinary.scratch()
      let result = try await run(
        box,
        [
          "run", "--history", SpotterBinary.example("strong.csv"), "--timezone", good, "--out",
          box.path + "/out",
        ],
        Self.cron)
      #expect(result.status == 0, "\(good): \(result.stderr)")
      let calendar = try String(contentsOfFile: box.path + "/out/spotter.ics", encoding: .utf8)
      #expect(calendar.contains("TZID:\(good)\r\n"), "\(good)")
    }
  }
}
