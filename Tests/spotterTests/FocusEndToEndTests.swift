import Foundation
import SpotterICal
import Testing
import _SpotterTestSupport

/// `spotter focus` on the built binary: add, move and delete flows, overlaps, and what the
/// outputs carry after each change.
@Suite struct FocusEndToEndTests {
  let now = "2026-11-22T21:30:00+01:00"

  func focus(_ dir: URL, _ arguments: [String], now: String? = nil) async throws -> SpotterBinary.Result {
    let out = arguments.first == "list" ? [] : ["--out", dir.appendingPathComponent("out").path]
    return try await SpotterBinary.run(
      ["focus"] + arguments + out + [
        "--db", dir.appendingPathComponent("db.sqlite").path, "--timezone", "Europe/Berlin", "--now",
        now ?? self.now,
      ], environment: ["TZ": "Europe/Berlin"])
  }

  func calendar(_ dir: URL) throws -> ParsedCalendar {
    let text = try String(contentsOf: dir.appendingPathComponent("out/spotter.ics"), encoding: .utf8)
    return try ICSReader().read(text, fileName: "spotter.ics")
  }

  func agenda(_ dir: URL) throws -> String {
    try String(contentsOf: dir.appendingPathComponent("out/agenda.crontab"), encoding: .utf8)
  }

  @Test func addMoveDeleteKeepOneUIDAndRaiseTheSequence() async throws {
    let dir = try SpotterBinary.scratch()
    let added = try await focus(dir, ["add", "tomorrow 09:00", "--for", "90m", "--title", "Deep Work"])
    #expect(added.status == 0, "\(added.stderr)")
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    #expect(id.count == 8)
    let uid = "focus-block-start-\(id)@spotter"

    var events = try calendar(dir).events
    #expect(try calendar(dir).passesRestrictions)
    #expect(events.map(\.uid) == [uid])
    #expect(events[0].summary == "Deep Work")
    #expect(events[0].start == TestZones.instant("2026-11-23T09:00:00+01:00"))
    #expect(events[0].end == TestZones.instant("2026-11-23T10:30:00+01:00"))
    #expect(events[0].alarmInstants == [TestZones.instant("2026-11-23T08:55:00+01:00")])
    #expect(events[0].categories.joined(separator: ",").contains("Focus"))
    let line = try #require(try agenda(dir).split(separator: "\n").first { $0.hasSuffix("# spotter:\(uid)") })
    #expect(
      line.hasPrefix("55 8 23 11 * \(SpotterBinary.executable.resolvingSymlinksInPath().path) fire --db "))
    #expect(line.hasSuffix(" --quiet '\(uid)' # spotter:\(uid)"))

    let moved = try await focus(dir, ["move", id, "2026-11-24 11:00"])
    #expect(moved.status == 0, "\(moved.stderr)")
    events = try calendar(dir).events
    #expect(events.map(\.uid) == [uid])
    #expect(events[0].sequence == 1)
    #expect(events[0].start == TestZones.instant("2026-11-24T11:00:00+01:00"))
    #expect(events[0].end == TestZones.instant("2026-11-24T12:30:00+01:00"))
    #expect(events[0].alarmInstants == [TestZones.instant("2026-11-24T10:55:00+01:00")])
    #expect(try agenda(dir).contains("55 10 24 11 *"))
    #expect(!(try agenda(dir)).contains("55 8 23 11 *"))

    let removed = try await focus(dir, ["rm", String(id.prefix(5))])
    #expect(removed.status == 0, "\(removed.stderr)")
    events = try calendar(dir).events
    #expect(events.map(\.uid) == [uid])
    #expect(events[0].status == "CANCELLED")
    #expect(events[0].sequence == 2)
    #expect(events[0].alarmInstants.isEmpty)
    #expect(!(try agenda(dir)).contains("spotter:\(uid)"))
    await #expect(try focus(dir, ["list"]).stdout.contains("no focus blocks"))
  }

  @Test func aBlockSoonAlertsAtItsStartAndAPastBlockNotAtAll() async throws {
    let dir = try SpotterBinary.scratch()
    await #expect(try focus(dir, ["add", "21:33", "--for", "30m", "--title", "Soon"]).status == 0)
    await #expect(try focus(dir, ["add", "2026-11-22T20:00", "--for", "30m", "--title", "Past"]).status == 0)
    let events = try calendar(dir).events
    let soon = try #require(events.first { $0.summary == "Soon" })
    #expect(soon.alarmInstants == [TestZones.instant("2026-11-22T21:33:00+01:00")])
    #expect(soon.description == "Soon starts now")
    let past = try #require(events.first { $0.summary == "Past" })
    #expect(past.alarmInstants.isEmpty)
    #expect(!(try agenda(dir)).contains("'Past"))
  }

  @Test func overlapsAreRefusedUnlessForcedAndLeaveEverythingAsItWas() async throws {
    let dir = try SpotterBinary.scratch()
    await #expect(try focus(dir, ["add", "tomorrow 09:00-10:30", "--title", "A"]).status == 0)
    let before = try agenda(dir)
    let refused = try await focus(dir, ["add", "tomorrow 10:00", "--end", "11:00", "--title", "B"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("overlaps block"))
    #expect(try agenda(dir) == before)
    let forced = try await focus(dir, ["add", "tomorrow 10:00", "--end", "11:00", "--title", "B", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try calendar(dir).events.count == 2)
    await #expect(try focus(dir, ["add", "tomorrow", "--for", "1h"]).status == 64)
    await #expect(try focus(dir, ["move", "ffffffff", "tomorrow 12:00"]).status == 64)
  }

  @Test func endsBeforeTheStartAreRefusedAndNextDayEndsShowTheirDate() async throws {
    let dir = try SpotterBinary.scratch()
    // `--end 14:00` for a 15:00 block was once a silent 23-hour block.
    let typo = try await focus(dir, ["add", "tomorrow 15:00", "--end", "14:00"])
    #expect(typo.status == 64)
    #expect(
      typo.stderr.contains(
        "option '--end': ends before the block starts at 2026-11-23 15:00; for a block of more than 12 hours past midnight"
      ))
    // Past midnight by naming the day, or a bare time while the block stays within 12 hours.
    let late = try await focus(
      dir, ["add", "tomorrow 23:00", "--end", "2026-11-24 01:00", "--title", "Night"])
    #expect(late.status == 0, "\(late.stderr)")
    let evening = try await focus(dir, ["add", "2026-11-25 21:00", "--end", "00:30", "--title", "Evening"])
    #expect(evening.status == 0, "\(evening.stderr)")
    let list = try await focus(dir, ["list"]).stdout
    #expect(list.contains("2026-11-23 23:00–2026-11-24 01:00  Night"))
    #expect(list.contains("2026-11-25 21:00–2026-11-26 00:30  Evening"))
  }

  @Test func movingToATimeKeepsTheBlocksDateAndTitle() async throws {
    let dir = try SpotterBinary.scratch()
    let added = try await focus(dir, ["add", "2026-11-26 10:00", "--for", "60m", "--title", "Review"])
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let moved = try await focus(dir, ["move", id, "16:00"])
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout.contains("moved \(id)  2026-11-26 16:00–17:00  Review"))
  }

  @Test func aBlockOverAPlannedWorkoutIsKeptWithAWarning() async throws {
    let dir = try SpotterBinary.scratch()
    let program = try SpotterBinary.exampleConfigWithProgram(in: dir)
    let run = try await SpotterBinary.run([
      "run", "--config", program, "--db",
      dir.appendingPathComponent("db.sqlite").path,
      "--out", dir.appendingPathComponent("out").path, "--now", now, "--history",
      SpotterBinary.example("strong.csv"),
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let added = try await focus(dir, ["add", "tomorrow 17:00-19:00", "--title", "Late call"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("warning: 'Late call' at 2026-11-23 17:00 overlaps the planned workout"))
    let uids = try calendar(dir).events.map(\.uid)
    #expect(uids.contains("workout-reminder-2026-11-23@spotter"))
    #expect(uids.contains { $0.hasPrefix("focus-block-start-") })
    let plan = try await SpotterBinary.run([
      "plan", "--config", program, "--db",
      dir.appendingPathComponent("db.sqlite").path,
      "--now", now,
    ])
    #expect(plan.stdout.contains("Late call: Focus block starts soon"))
    #expect(plan.stdout.contains("Workout Time: Push Day!"))
  }

  @Test func weekdayBlocksAcrossTheSpringChangeKeepTheirLocalTime() async throws {
    let dir = try SpotterBinary.scratch()
    let added = try await focus(
      dir,
      [
        "add", "2027-03-26 09:00", "--for", "1h", "--every", "weekdays", "--until", "2027-03-30", "--title",
        "Plan",
      ],
      now: "2027-03-25T12:00:00+01:00")
    #expect(added.status == 0, "\(added.stderr)")
    let events = try calendar(dir).events
    #expect(
      events.map(\.uid).map { String($0.dropFirst("focus-block-start-".count + 9)) } == [
        "2027-03-26@spotter", "2027-03-29@spotter", "2027-03-30@spotter",
      ])
    #expect(
      events.flatMap(\.alarmInstants) == [
        TestZones.instant("2027-03-26T08:55:00+01:00"), TestZones.instant("2027-03-29T08:55:00+02:00"),
        TestZones.instant("2027-03-30T08:55:00+02:00"),
      ])
    let lines = try agenda(dir).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(lines.map { String($0.prefix(11)) } == ["55 8 26 3 *", "55 8 29 3 *", "55 8 30 3 *"])

    let list = try await focus(dir, ["list", "--from", "2027-03-29", "--to", "2027-03-30", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let items = try #require(object["blocks"] as? [[String: Any]])
    #expect(items.map { $0["title"] as? String } == ["Plan"])
    #expect(items.first?["every"] as? String == "weekdays")
    #expect(items.first?["start_local"] as? String == "2027-03-26 09:00")
    let none = try await focus(dir, ["list", "--from", "2027-03-31"])
    #expect(none.stdout.contains("no focus blocks"))
  }

  /// `--every daily` alone repeats with no end, as taskwarrior's and khal's repeats may: listed as
  /// such, and alerting years later.
  @Test func aRepeatWithoutAnEndGoesOn() async throws {
    let dir = try SpotterBinary.scratch()
    let added = try await focus(
      dir, ["add", "tomorrow", "09:00", "--for", "1h", "--every", "daily", "--title", "Standup"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("Standup (daily, no end)"), "\(added.stdout)")
    let listed = try await focus(dir, ["list", "--from", "2029-02-01", "--to", "2029-02-01"])
    #expect(listed.stdout.contains("Standup (daily, no end)"), "\(listed.stdout)")
    let later = try await focus(
      dir, ["add", "2029-02-01 09:30", "--for", "15m", "--title", "Clash"], now: "2029-01-31T21:30:00+01:00")
    #expect(later.status == 65, "\(later.stderr)")
    let until = try await focus(dir, ["add", "tomorrow 12:00", "--for", "1h", "--until", "2027-01-01"])
    #expect(until.status == 64)
    #expect(until.stderr.contains("--until only goes with --every"), "\(until.stderr)")
  }

  @Test func calendarImportTakesBlocksAndAReimportChangesNothing() async throws {
    let dir = try SpotterBinary.scratch()
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SpotterICalTests/Fixtures/google_daily_recur_valarm__icaljs.ics").path
    let first = try await focus(dir, ["import", file, "--days", "3", "--match", "every day"])
    #expect(first.status == 0, "\(first.stderr)")
    let events = try calendar(dir).events
    #expect(events.count == 3)
    // 05:00 in Los Angeles is 14:00 in Berlin.
    #expect(
      events.map(\.start) == [
        TestZones.instant("2026-11-22T14:00:00+01:00"), TestZones.instant("2026-11-23T14:00:00+01:00"),
        TestZones.instant("2026-11-24T14:00:00+01:00"),
      ])
    let before = try String(contentsOf: dir.appendingPathComponent("out/spotter.ics"), encoding: .utf8)
    let again = try await focus(dir, ["import", file, "--days", "3", "--match", "every day"])
    #expect(again.status == 0)
    #expect(try String(contentsOf: dir.appendingPathComponent("out/spotter.ics"), encoding: .utf8) == before)
    let none = try await focus(dir, ["import", file, "--days", "3", "--match", "nothing like this"])
    #expect(none.status == 0)
    #expect(try calendar(dir).events.count == 3)
  }

  /// A calendar that holds Spotter's own events (its spotter.ics, or one it was synced into)
  /// gives no block for them; an event overlapping a focus block is refused as `focus add` refuses
  /// it, unless `--force`; and the counts say where every event went.
  @Test func calendarImportPassesOverSpottersOwnEventsAndOverlapsAndCountsEveryEvent() async throws {
    let dir = try SpotterBinary.scratch()
    // A block with an alert, and so Spotter's own event in out/spotter.ics.
    await #expect(try focus(dir, ["add", "tomorrow 09:00", "--for", "1h", "--title", "Mine"]).status == 0)
    let own = try String(contentsOf: dir.appendingPathComponent("out/spotter.ics"), encoding: .utf8)
    let reimport = dir.appendingPathComponent("own.ics").path
    try own.write(toFile: reimport, atomically: false, encoding: .utf8)
    let ownResult = try await focus(dir, ["import", reimport, "--days", "3"])
    #expect(ownResult.status == 0, "\(ownResult.stderr)")
    #expect(ownResult.stdout.contains("imported 0 of 1 event; 1 Spotter's own"), "\(ownResult.stdout)")
    #expect(try calendar(dir).events.count == 1)

    func event(_ uid: String, _ start: String, _ end: String, _ summary: String) async -> [String] {
      [
        "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261120T000000Z", "DTSTART:\(start)", "DTEND:\(end)",
        "SUMMARY:\(summary)", "END:VEVENT",
      ]
    }
    // Tomorrow is Monday 2026-11-23; 09:00 Berlin is 08:00 UTC.
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
    await lines += event("past", "20261101T100000Z", "20261101T110000Z", "Old meeting")
    await lines += event("later", "20270101T100000Z", "20270101T110000Z", "Next year")
    await lines += event("clash", "20261123T083000Z", "20261123T093000Z", "Clash")
    await lines += event("free", "20261123T120000Z", "20261123T130000Z", "Writing")
    lines += [
      "BEGIN:VEVENT", "UID:allday", "DTSTAMP:20261120T000000Z", "DTSTART;VALUE=DATE:20261124",
      "SUMMARY:Holiday", "END:VEVENT", "END:VCALENDAR",
    ]
    let file = dir.appendingPathComponent("mixed.ics").path
    try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: file, atomically: false, encoding: .utf8)
    let mixed = try await focus(dir, ["import", file, "--days", "3"])
    #expect(mixed.status == 0, "\(mixed.stderr)")
    #expect(
      mixed.stdout.contains(
        "imported 1 of 5 events; 1 before today, 1 after 2026-11-24, 1 all-day, "
          + "1 overlapping a focus block (--force takes them)"), "\(mixed.stdout)")
    #expect(try calendar(dir).events.map(\.summary).sorted() == ["Mine", "Writing"])
    let forced = try await focus(dir, ["import", file, "--days", "3", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout.contains("imported 2 of 5 events"), "\(forced.stdout)")
    #expect(
      forced.stdout.contains("warning: 'Clash' at 2026-11-23 09:30 overlaps a focus block"),
      "\(forced.stdout)")
    #expect(try calendar(dir).events.map(\.summary).sorted() == ["Clash", "Mine", "Writing"])
  }

  /// A shell's clock has seconds and fractions; every relative form, and a move by one, answers
  /// at once with whole-minute times (these used to spin forever holding the store lock).
  @Test(arguments: [
    ("2026-11-22T21:30:17+01:00", "+2h", "2026-11-22T23:30:00+01:00"),
    ("2026-11-22T21:30:17.25+01:00", "+90m", "2026-11-22T23:00:00+01:00"),
    ("2026-11-23T00:20:41.5+01:00", "+1d2h", "2026-11-24T02:20:00+01:00"),
    ("2026-10-25T02:10:33+02:00", "+2h", "2026-10-25T03:10:00+01:00"),
  ])
  func relativeTimesFromAClockWithSeconds(now: String, start: String, expected: String) async throws {
    let dir = try SpotterBinary.scratch()
    let added = try await focus(dir, ["add", start, "--for", "30m", "--title", "Soon"], now: now)
    #expect(!added.timedOut && added.status == 0, "\(added.stderr)")
    #expect(try calendar(dir).events.map(\.start) == [TestZones.instant(expected)])
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let moved = try await focus(dir, ["move", id, "+2h"], now: now)
    #expect(!moved.timedOut && moved.status == 0, "\(moved.stderr)")
    let minute = (TestZones.instant(now).timeIntervalSince1970 / 60).rounded(.down) * 60
    #expect(try calendar(dir).events.map(\.start) == [Date(timeIntervalSince1970: minute + 7200)])
    let days = try await focus(dir, ["add", "+2d", "--for", "1h", "--title", "Days"], now: now)
    #expect(!days.timedOut && days.status == 0, "\(days.stderr)")
  }

  /// libical's own debug lines never reach stderr (cron would mail them); the problems are said
  /// in Spotter's words with the file and line, and the good event is still imported.
  @Test func aCalendarWithStrayEndsIsImportedWithSpottersOwnWarnings() async throws {
    let dir = try SpotterBinary.scratch()
    let file = dir.appendingPathComponent("stray.ics").path
    let lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "END:VEVENT", "BEGIN:VEVENT", "UID:a",
      "DTSTAMP:20261120T000000Z", "DTSTART:20261123T100000Z", "DTEND:20261123T110000Z", "SUMMARY:Meet",
      "END:VEVENT", "END:VALARM", "END:VCALENDAR",
    ]
    try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: file, atomically: false, encoding: .utf8)
    let result = try await focus(dir, ["import", file, "--days", "3"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("icalparser"), "\(result.stderr)")
    let said = result.stdout + result.stderr
    #expect(said.contains("\(file):4: END:VEVENT without a BEGIN:VEVENT; ignored"), "\(said)")
    #expect(said.contains("\(file):12: END:VALARM without a BEGIN:VALARM; ignored"), "\(said)")
    #expect(try calendar(dir).events.contains { $0.summary == "Meet" })
  }

  /// `focus add tomorrow 14:00` without quotes, as khal's `new` takes it; `--for 90` and
  /// `--for 1h30`; `--end +3h` from the start; an hour that does not exist is named, with the
  /// argument's name.
  @Test func timesAsPeopleTypeThem() async throws {
    let dir = try SpotterBinary.scratch()
    let unquoted = try await focus(dir, ["add", "tomorrow", "14:00", "--for", "90", "--title", "A"])
    #expect(unquoted.status == 0, "\(unquoted.stderr)")
    let a = try #require(try calendar(dir).events.first { $0.summary == "A" })
    #expect(a.start == TestZones.instant("2026-11-23T14:00:00+01:00"))
    #expect(a.end == TestZones.instant("2026-11-23T15:30:00+01:00"))
    await #expect(try focus(dir, ["add", "tue", "9", "--for", "1h30", "--title", "B"]).status == 0)
    let b = try #require(try calendar(dir).events.first { $0.summary == "B" })
    #expect(b.end == TestZones.instant("2026-11-24T10:30:00+01:00"))
    await #expect(try focus(dir, ["add", "wed 10:00", "--end", "+3h", "--title", "C"]).status == 0)
    let c = try #require(try calendar(dir).events.first { $0.summary == "C" })
    #expect(c.end == TestZones.instant("2026-11-25T13:00:00+01:00"))
    let bad = try await focus(dir, ["add", "tomorrow", "25", "--for", "1h"])
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("<start>") && bad.stderr.contains("hour 25 does not exist"), "\(bad.stderr)")
  }
}
