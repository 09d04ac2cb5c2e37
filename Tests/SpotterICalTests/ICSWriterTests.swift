import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterICal

@Suite struct ICSWriterTests {
  let stamp = TestZones.instant("2026-11-22T20:30:00Z")

  func event(
    uid: String = "workout-reminder-2026-11-23@spotter", start: String, trigger: Int = -1800,
    status: EventStatus = .confirmed, sequence: Int = 0, summary: String = "Workout Time!"
  ) -> Event {
    let begin = TestZones.instant(start)
    return Event(
      uid: uid, kind: .workout, sequence: sequence, stamp: stamp, start: begin,
      end: begin.addingTimeInterval(3600), summary: summary, description: "Today: Push Day",
      categories: ["Spotter", "Workout"], status: status,
      alarms: status == .confirmed
        ? [Alarm(description: summary, trigger: Trigger(offsetSeconds: trigger))] : [])
  }

  func write(_ events: [Event], zone: String = "Europe/Berlin", from: String, until: String) throws -> String
  {
    try ICSWriter().write(
      events: events, timeZone: zone, validFrom: TestZones.instant(from), validUntil: TestZones.instant(until)
    )
  }

  @Test func goldenCalendar() throws {
    let text = try write(
      [
        event(start: "2026-11-23T18:00:00+01:00"),
        event(
          uid: "workout-reminder-2026-11-25@spotter", start: "2026-11-25T18:00:00+01:00", status: .cancelled,
          sequence: 3),
      ], from: "2026-11-22T00:00:00+01:00", until: "2026-11-26T00:00:00+01:00")
    try assertSnapshot(text, named: "two-events.ics")
  }

  @Test func everyTZIDHasItsVTIMEZONEAndLinesEndInCRLF() throws {
    let text = try write(
      [event(start: "2026-11-23T18:00:00+01:00")], from: "2026-11-22T00:00:00+01:00",
      until: "2026-11-24T00:00:00+01:00")
    #expect(!text.contains("freeassociation"))
    #expect(text.contains("DTSTART;TZID=Europe/Berlin:20261123T180000\r\n"))
    #expect(text.contains("TZID:Europe/Berlin\r\n"))
    #expect(text.contains("TRIGGER:-PT30M\r\n"))
    #expect(text.contains("DTSTAMP:20261122T203000Z\r\n"))
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(parsed.passesRestrictions)
    #expect(parsed.timeZoneIDs == ["Europe/Berlin"])
    #expect(Set(parsed.events.compactMap(\.startTZID)).isSubset(of: Set(parsed.timeZoneIDs)))
  }

  @Test func vtimezoneIsTruncatedToTheHorizon() throws {
    let short = try write(
      [event(start: "2026-11-23T18:00:00+01:00")], from: "2026-11-22T00:00:00+01:00",
      until: "2026-11-24T00:00:00+01:00")
    // Yearly rules in force over the span, one STANDARD and one DAYLIGHT, open-ended, and no
    // TZUNTIL, which dateutil-based readers refuse.
    #expect(!short.contains("TZUNTIL"))
    #expect(!short.contains("1893"))
    #expect(short.components(separatedBy: "BEGIN:STANDARD").count == 2)
    #expect(short.components(separatedBy: "BEGIN:DAYLIGHT").count == 2)
    #expect(short.contains("RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\n"))
    #expect(short.contains("RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\n"))
    #expect(!short.contains("UNTIL="))
    // A zone without daylight saving time has one fixed observance.
    let tokyo = try write(
      [event(start: "2026-11-23T18:00:00+09:00")], zone: "Asia/Tokyo", from: "2026-11-22T00:00:00+09:00",
      until: "2026-11-24T00:00:00+09:00")
    #expect(!tokyo.contains("BEGIN:DAYLIGHT") && !tokyo.contains("TZUNTIL"))
    #expect(tokyo.components(separatedBy: "BEGIN:STANDARD").count == 2)
  }

  /// Zones with odd rules: southern-hemisphere DST, a 30-minute DST (Lord Howe), DST that ends
  /// with the year (Santiago), none at all (Tokyo, Tehran since 2022), and Casablanca, whose
  /// Ramadan changes follow no yearly rule.
  @Test(arguments: [
    "Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago",
    "Asia/Tokyo", "Asia/Tehran", "Africa/Casablanca", "Pacific/Auckland", "America/St_Johns",
  ])
  func everyLocalTimeOfAYearReadsBackAsTheSameInstant(zone: String) throws {
    // Two events a day for a year, one at 02:30 (in or near most changes) and one at 09:00,
    // written with this VTIMEZONE and read back by libical from the file alone.
    let clock = ZoneClock(timeZone: TimeZone(identifier: zone)!)
    let first = LocalDate(parsing: "2026-11-23")!
    var events: [Event] = []
    for day in 0..<366 {
      for time in ["02:30", "09:00"] {
        let start = clock.instant(first.adding(days: day), LocalTime(parsing: time)!)
        events.append(
          Event(
            uid: "e-\(day)-\(time.prefix(2))@spotter", kind: .focusBlock, sequence: 0, stamp: stamp,
            start: start,
            end: start.addingTimeInterval(1800), summary: "x", description: "x", categories: [],
            status: .confirmed, alarms: []))
      }
    }
    let text = try ICSWriter().write(
      events: events, timeZone: zone, validFrom: events[0].start, validUntil: events.last!.end)
    #expect(!text.contains("TZUNTIL"))
    let parsed = try ICSReader().read(text, fileName: "\(zone).ics")
    #expect(parsed.passesRestrictions)
    let wrong = zip(events, parsed.events).filter { $0.start != $1.start || $0.end != $1.end }
    #expect(
      wrong.isEmpty, "\(wrong.count) events read back at another instant, first \(wrong.first?.0.uid ?? "")")
  }

  @Test func categoriesOnOneLineFocusBlocksBusyAndTriggersWithoutDays() throws {
    var block = event(uid: "focus-block-start-7-2026-11-23@spotter", start: "2026-11-23T09:00:00+01:00")
    block.kind = .focusBlock
    block.categories = ["Spotter", "Focus", "Deep, work"]
    // Snoozed twice by a day: 47.5 hours before the start.
    block.alarms = [Alarm(description: "x", trigger: Trigger(offsetSeconds: -(47 * 3600 + 30 * 60)))]
    let text = try write(
      [block, event(start: "2026-11-23T18:00:00+01:00")], from: "2026-11-20T00:00:00+01:00",
      until: "2026-11-24T00:00:00+01:00")
    #expect(text.contains("CATEGORIES:Spotter,Focus,Deep  work\r\n"))
    #expect(text.contains("CATEGORIES:Spotter,Workout\r\n"))
    #expect(text.components(separatedBy: "CATEGORIES:").count == 3)
    #expect(text.contains("TRANSP:OPAQUE\r\n") && text.contains("TRANSP:TRANSPARENT\r\n"))
    #expect(text.contains("TRIGGER:-PT47H30M\r\n"))
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(parsed.events[0].categories == ["Spotter", "Focus", "Deep  work"])
    // Across the 2026-11 weeks there is no DST change, but a day part would be nominal: the
    // instant is exactly 47.5 hours before.
    #expect(parsed.events[0].alarmInstants == [TestZones.instant("2026-11-21T09:30:00+01:00")])
  }

  @Test func aTimeInTheAutumnOverlapIsWrittenInUTC() throws {
    // 02:30 happens twice in Berlin on 2026-10-25: first in CEST (00:30Z), then in CET (01:30Z).
    let text = try write(
      [
        event(uid: "first@spotter", start: "2026-10-25T02:30:00+02:00"),
        event(uid: "second@spotter", start: "2026-10-25T02:30:00+01:00"),
        event(uid: "after@spotter", start: "2026-10-25T03:30:00+01:00"),
      ], from: "2026-10-24T00:00:00+02:00", until: "2026-10-27T00:00:00+01:00")
    #expect(text.contains("DTSTART:20261025T003000Z\r\n"))
    #expect(text.contains("DTSTART:20261025T013000Z\r\n"))
    // The first one's end, 02:30 CET, is the overlap's second pass: UTC too. The third is plain.
    #expect(text.contains("DTEND:20261025T013000Z\r\n"))
    #expect(text.contains("DTEND;TZID=Europe/Berlin:20261025T033000\r\n"))
    #expect(text.contains("DTSTART;TZID=Europe/Berlin:20261025T033000\r\n"))
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(
      parsed.events.map(\.start) == [
        TestZones.instant("2026-10-25T00:30:00Z"), TestZones.instant("2026-10-25T01:30:00Z"),
        TestZones.instant("2026-10-25T02:30:00Z"),
      ])
    #expect(parsed.passesRestrictions)
  }

  @Test func anAlarmAcrossAnOffsetChangeIsWrittenAtItsUTCInstant() throws {
    // Berlin springs forward at 02:00 on 2026-03-29. A start at 03:15 CEST with an alarm 30
    // minutes before fires at 01:45 CET: a reader adding -PT30M to the wall clock gets 02:45, a
    // time that does not exist, and most take it as 03:45 CEST, after the start. Across the
    // change the alarm is its UTC instant; a start in the autumn overlap is written in UTC, where
    // the duration is exact for every reader, so it keeps the relative trigger, as every other
    // alarm does.
    let text = try write(
      [
        event(uid: "across@spotter", start: "2026-03-29T03:15:00+02:00"),
        event(uid: "after@spotter", start: "2026-03-29T04:00:00+02:00"),
        event(uid: "before@spotter", start: "2026-03-29T01:50:00+01:00", trigger: -600),
        event(uid: "overlap@spotter", start: "2026-10-25T02:30:00+01:00", trigger: -3600),
      ], from: "2026-03-28T00:00:00+01:00", until: "2026-10-27T00:00:00+01:00")
    let triggers = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("TRIGGER") }
    #expect(
      triggers == [
        "TRIGGER;VALUE=DATE-TIME:20260329T004500Z", "TRIGGER:-PT30M", "TRIGGER:-PT10M", "TRIGGER:-PT1H",
      ])
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(
      parsed.events.map(\.alarmInstants) == [
        [TestZones.instant("2026-03-29T00:45:00Z")], [TestZones.instant("2026-03-29T01:30:00Z")],
        [TestZones.instant("2026-03-29T00:40:00Z")], [TestZones.instant("2026-10-25T00:30:00Z")],
      ])
    #expect(parsed.passesRestrictions)
  }

  @Test(arguments: [
    ("Europe/Berlin", "2026-03-29T18:00:00+02:00", "2026-03-28T00:00:00+01:00", "2026-03-31T00:00:00+02:00"),
    ("Europe/Berlin", "2026-10-25T18:00:00+01:00", "2026-10-24T00:00:00+02:00", "2026-10-27T00:00:00+01:00"),
    (
      "America/New_York", "2026-03-08T18:00:00-04:00", "2026-03-07T00:00:00-05:00",
      "2026-03-10T00:00:00-04:00"
    ),
    (
      "America/New_York", "2026-11-01T18:00:00-05:00", "2026-10-31T00:00:00-04:00",
      "2026-11-03T00:00:00-05:00"
    ),
  ])
  func alarmsResolveToTheRightInstantOnDSTChangeDays(zone: String, start: String, from: String, until: String)
    throws
  {
    let text = try write([event(start: start)], zone: zone, from: from, until: until)
    // Truncated to the horizon, the zone keeps exactly the observance in force and the change.
    #expect(text.components(separatedBy: "TZOFFSETTO:").count == 3)
    #expect(
      text.contains("DTSTART;TZID=\(zone):\(start.prefix(10).replacingOccurrences(of: "-", with: ""))T180000")
    )
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    let event = try #require(parsed.events.first)
    #expect(event.start == TestZones.instant(start))
    #expect(event.alarmInstants == [TestZones.instant(start).addingTimeInterval(-1800)])
  }

  @Test func cancelledEventsCarryStatusSequenceAndNoAlarm() throws {
    let text = try write(
      [event(start: "2026-11-23T18:00:00+01:00", status: .cancelled, sequence: 4)],
      from: "2026-11-22T00:00:00+01:00", until: "2026-11-24T00:00:00+01:00")
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(parsed.events[0].status == "CANCELLED")
    #expect(parsed.events[0].sequence == 4)
    #expect(parsed.events[0].alarmInstants.isEmpty)
    #expect(!text.contains("BEGIN:VALARM"))
  }

  @Test func utcNeedsNoVTIMEZONE() throws {
    let text = try write(
      [event(start: "2026-11-23T18:00:00Z")], zone: "GMT", from: "2026-11-22T00:00:00Z",
      until: "2026-11-24T00:00:00Z")
    #expect(text.contains("DTSTART:20261123T180000Z\r\n"))
    #expect(!text.contains("VTIMEZONE"))
  }

  @Test func textsAreEscapedAndFolded() throws {
    let long = "Zeit für dein Oberkörper-Schulter-Rücken-Workout, heute; mit Zusatz \\ und noch mehr Text! 💪"
    let text = try write(
      [event(start: "2026-11-23T18:00:00+01:00", summary: long)], from: "2026-11-22T00:00:00+01:00",
      until: "2026-11-24T00:00:00+01:00")
    #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(parsed.events[0].summary == long)
  }

  @Test func unknownZoneIsAnError() {
    #expect(throws: SpotterICalError.unknownTimeZone(field: "timezone", value: "Mars/Olympus")) {
      try write(
        [event(start: "2026-11-23T18:00:00+01:00")], zone: "Mars/Olympus", from: "2026-11-22T00:00:00Z",
        until: "2026-11-24T00:00:00Z")
    }
  }
}
