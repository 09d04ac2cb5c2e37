import Foundation
import SpotterICal
import Testing
import _SpotterTestSupport

/// `--vdir`: one `UID.ics` per reminder, as khal and vdirsyncer read a calendar, kept in step by
/// every command that writes the outputs.
@Suite struct VdirEndToEndTests {
  let now = "2026-11-22T21:30:00+01:00"

  func spotter(_ dir: URL, _ arguments: [String], now: String? = nil) async throws -> SpotterBinary.Result {
    try await SpotterBinary.run(
      arguments + [
        "--out", dir.appendingPathComponent("out").path, "--vdir", dir.appendingPathComponent("vdir").path,
        "--db", dir.appendingPathComponent("db.sqlite").path, "--timezone", "Europe/Berlin", "--now",
        now ?? self.now,
      ])
  }

  func items(_ dir: URL) throws -> [String: ParsedCalendar] {
    let vdir = dir.appendingPathComponent("vdir")
    var result: [String: ParsedCalendar] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: vdir.path) where name.hasSuffix(".ics") {
      let text = try String(contentsOf: vdir.appendingPathComponent(name), encoding: .utf8)
      result[name] = try ICSReader().read(text, fileName: name)
    }
    return result
  }

  @Test func aBlockIsAddedMovedAndRemovedAsAFile() async throws {
    let dir = try SpotterBinary.scratch()
    // Someone else's item in the same collection is never touched.
    let vdir = dir.appendingPathComponent("vdir")
    try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    try "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".write(
      to: vdir.appendingPathComponent("other.ics"), atomically: false, encoding: .utf8)

    let added = try await spotter(
      dir, ["focus", "add", "tomorrow 09:00", "--for", "90m", "--title", "Deep Work"])
    #expect(added.status == 0, "\(added.stderr)")
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let name = "focus-block-start-\(id)@spotter.ics"
    var files = try items(dir)
    #expect(Set(files.keys) == [name, "other.ics"])
    let item = try #require(files[name])
    #expect(item.passesRestrictions)
    #expect(item.events.map(\.start) == [TestZones.instant("2026-11-23T09:00:00+01:00")])
    #expect(item.events[0].alarmInstants == [TestZones.instant("2026-11-23T08:55:00+01:00")])

    // Moved: the same file, rewritten.
    #expect(try await spotter(dir, ["focus", "move", id, "2026-11-24 11:00"]).status == 0)
    files = try items(dir)
    #expect(Set(files.keys) == [name, "other.ics"])
    #expect(files[name]?.events.map(\.start) == [TestZones.instant("2026-11-24T11:00:00+01:00")])
    #expect(files[name]?.events.map(\.sequence) == [1])

    // A second block, then the first removed: its file goes, the other stays.
    let second = try await spotter(
      dir, ["focus", "add", "2026-11-25 14:00", "--for", "60m", "--title", "Review"])
    let secondID = try #require(
      second.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    #expect(try await spotter(dir, ["focus", "rm", id]).status == 0)
    #expect(Set(try items(dir).keys) == ["focus-block-start-\(secondID)@spotter.ics", "other.ics"])

    // Once over, a reminder's file goes too.
    #expect(try await spotter(dir, ["run", "--days", "1"], now: "2026-11-26T21:30:00+01:00").status == 0)
    #expect(Set(try items(dir).keys) == ["other.ics"])
  }

  /// A vdir that cannot be written fails after the commit: the run still writes its outputs,
  /// store and report, says what failed and exits non-zero; `done` keeps its mark and says it too.
  /// Once the vdir can be written, the next command catches it up.
  @Test func aVdirThatFailsAfterTheCommitIsReportedNotThrown() async throws {
    let dir = try SpotterBinary.scratch()
    // A file where the vdir's folder should be: no item can go in.
    try "not a folder".write(to: dir.appendingPathComponent("vdir"), atomically: false, encoding: .utf8)
    // Both example histories, as the README's example runs: with the Strong file alone the last
    // session is nine days old and Monday falls just under the reminder threshold.
    let run = try await spotter(
      dir,
      [
        "run", "--days", "2", "--history", SpotterBinary.example("strong.csv"),
        SpotterBinary.example("hevy.csv"),
      ])
    #expect(run.status != 0)
    #expect(run.stdout.contains("planned "), "\(run.stdout)")
    #expect(
      run.stderr.contains("vdir \(dir.appendingPathComponent("vdir").path) not updated"), "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/spotter.ics").path))

    let uid = "workout-reminder-2026-11-23@spotter"
    let done = try await spotter(dir, ["done", uid], now: "2026-11-23T08:00:00+01:00")
    #expect(done.status == 0, "\(done.stderr)")
    #expect(done.stderr.components(separatedBy: "error: vdir").count == 2, "\(done.stderr)")
    let again = try await spotter(dir, ["done", uid], now: "2026-11-23T08:00:30+01:00")
    #expect((again.stdout + again.stderr).contains("already done"), "\(again.stdout) \(again.stderr)")

    try FileManager.default.removeItem(at: dir.appendingPathComponent("vdir"))
    let caughtUp = try await spotter(dir, ["run", "--days", "2"], now: "2026-11-23T08:01:00+01:00")
    #expect(caughtUp.status == 0, "\(caughtUp.stderr)")
    #expect(!(try items(dir)).isEmpty)
  }

  @Test func theNightlyRunWritesOneFilePerReminderAndRewritesNothingUnchanged() async throws {
    let dir = try SpotterBinary.scratch()
    let history = SpotterBinary.example("strong.csv")
    #expect(try await spotter(dir, ["run", "--days", "7", "--history", history]).status == 0)
    let files = try items(dir)
    let calendar = try ICSReader().read(
      try String(contentsOf: dir.appendingPathComponent("out/spotter.ics"), encoding: .utf8), fileName: "c")
    // Every confirmed reminder of the calendar, one file each, at the same instants.
    let confirmed = calendar.events.filter { $0.status == "CONFIRMED" }
    #expect(!confirmed.isEmpty)
    #expect(Set(files.keys) == Set(confirmed.map { $0.uid + ".ics" }))
    for event in confirmed {
      #expect(files[event.uid + ".ics"]?.events.map(\.start) == [event.start])
    }
    let stamp = { (name: String) in
      try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("vdir/\(name)").path)[
        .modificationDate] as? Date
    }
    let before = try files.keys.map(stamp)
    #expect(try await spotter(dir, ["run", "--days", "7", "--history", history]).status == 0)
    #expect(try files.keys.map(stamp) == before)
  }
}
