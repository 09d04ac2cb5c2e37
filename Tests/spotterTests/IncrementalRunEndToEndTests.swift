import Foundation
import Testing
import _SpotterTestSupport

/// Issue 16's incremental nights through the binary: an export unchanged since its last import
/// is not parsed again, and what the run writes is byte for byte what parsing it would give.
@Suite struct IncrementalRunEndToEndTests {
  func run(_ dir: URL, _ store: String, _ histories: [String], now: String) async throws
    -> SpotterBinary.Result
  {
    try await SpotterBinary.run(
      [
        "run", "--config", SpotterBinary.example("config.toml"), "--db",
        dir.appendingPathComponent(store).path,
        "--out", dir.appendingPathComponent("out-\(store)").path, "--now", now, "--days", "7", "--history",
      ] + histories)
  }

  func outputs(_ dir: URL, _ store: String) throws -> [String] {
    try ["spotter.ics", "agenda.crontab"].map {
      try String(contentsOfFile: dir.appendingPathComponent("out-\(store)/\($0)").path, encoding: .utf8)
    }
  }

  @Test func anUnchangedExportIsSkippedAndChangesNothing() async throws {
    let dir = try SpotterBinary.scratch()
    let strong = dir.appendingPathComponent("strong.csv")
    try FileManager.default.copyItem(atPath: SpotterBinary.example("strong.csv"), toPath: strong.path)
    let hevy = SpotterBinary.example("hevy.csv")
    let first = try await run(dir, "a.sqlite", [strong.path, hevy], now: "2026-11-21T21:30:00+01:00")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("imported \(strong.path)"))

    // The next night: both files as they were. Beside it, a copy of the same store that has
    // forgotten the fingerprints and where achievement and plateau detection stopped, so it
    // parses both again and replays every session: the outputs must be the same bytes.
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("a.sqlite"), to: dir.appendingPathComponent("b.sqlite"))
    try await SpotterBinary.sqlite(
      dir.appendingPathComponent("b.sqlite").path,
      "DELETE FROM setting WHERE key LIKE 'fingerprint:%' OR key IN ('achievements.cursor', 'plateaus.cursor')"
    )
    let skipped = try await run(dir, "a.sqlite", [strong.path, hevy], now: "2026-11-22T21:30:00+01:00")
    #expect(skipped.status == 0, "\(skipped.stderr)")
    #expect(skipped.stdout.contains("skipped \(strong.path): unchanged since its last import"))
    #expect(skipped.stdout.contains("skipped \(hevy): unchanged since its last import"))
    #expect(!skipped.stdout.contains("imported "))
    let parsed = try await run(dir, "b.sqlite", [strong.path, hevy], now: "2026-11-22T21:30:00+01:00")
    #expect(parsed.stdout.contains("imported \(strong.path)"))
    // The agenda's lines name their store; all else is the same.
    #expect(
      try outputs(dir, "a.sqlite")
        == outputs(dir, "b.sqlite").map { $0.replacingOccurrences(of: "b.sqlite", with: "a.sqlite") })

    // A grown export is parsed again, and its new session counts. Detection resumes after the
    // sessions it read last night; beside it, a copy that forgot where it stopped replays all.
    try FileManager.default.copyItem(
      at: dir.appendingPathComponent("a.sqlite"), to: dir.appendingPathComponent("c.sqlite"))
    try await SpotterBinary.sqlite(
      dir.appendingPathComponent("c.sqlite").path,
      "DELETE FROM setting WHERE key IN ('achievements.cursor', 'plateaus.cursor')")
    #expect(
      try await SpotterBinary.sqlite(
        dir.appendingPathComponent("a.sqlite").path,
        "SELECT count(*) FROM setting WHERE key IN ('achievements.cursor', 'plateaus.cursor')") == "2\n")
    var text = try String(contentsOf: strong, encoding: .utf8)
    text += "2026-11-23 18:05:00,Push,1h,Bench Press (Barbell),1,140,8,,,,,\n"
    try text.write(to: strong, atomically: false, encoding: .utf8)
    let grown = try await run(dir, "a.sqlite", [strong.path, hevy], now: "2026-11-23T21:30:00+01:00")
    #expect(grown.status == 0, "\(grown.stderr)")
    #expect(grown.stdout.contains("imported \(strong.path) (strong-csv): 1 new"), "\(grown.stdout)")
    #expect(grown.stdout.contains("skipped \(hevy)"))
    let replayed = try await run(dir, "c.sqlite", [strong.path, hevy], now: "2026-11-23T21:30:00+01:00")
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(
      try outputs(dir, "a.sqlite")
        == outputs(dir, "c.sqlite").map { $0.replacingOccurrences(of: "c.sqlite", with: "a.sqlite") })
    let achievements =
      "SELECT key || ' ' || coalesce(announce_at, '-') || ' ' || detail FROM achievement ORDER BY key"
    let resumedAchievements = try await SpotterBinary.sqlite(
      dir.appendingPathComponent("a.sqlite").path, achievements)
    #expect(resumedAchievements.contains("140"))
    #expect(
      resumedAchievements
        == (try await SpotterBinary.sqlite(dir.appendingPathComponent("c.sqlite").path, achievements)))
  }
}
