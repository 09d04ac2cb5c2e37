import Foundation
import SpotterICal
import Testing
import _SpotterTestSupport

/// A calendar can ask for endless expansion; the focus import refuses it quickly and says where.
@Suite struct CalendarExpansionBoundTests {
  static func calendar(_ body: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body + "END:VCALENDAR\r\n"
  }

  static func event(uid: String, rule: String, day: String = "20200101") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20200101T000000Z\r\nDTSTART:\(day)T090000Z\r\n"
      + "DTEND:\(day)T100000Z\r\nRRULE:\(rule)\r\nSUMMARY:Deep work\r\nEND:VEVENT\r\n"
  }

  func message(_ text: String, days: Double = 28) -> String? {
    let from = TestZones.instant("2026-11-23T00:00:00+01:00")
    do {
      _ = try ICSReader().occurrences(
        text, fileName: "cal.ics", from: from, to: from.addingTimeInterval(days * 86400),
        fallbackZone: "Europe/Berlin")
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func aRuleMoreOftenThanDailyIsRefusedAtItsLine() {
    // The 171-byte reproducer: it never finished before.
    #expect(
      message(Self.calendar(Self.event(uid: "every-minute", rule: "FREQ=MINUTELY")))
        == "cal.ics:5: event 'every-minute': repeats more often than daily; a focus block repeats at most daily"
    )
  }

  @Test func aTimeZoneRuleThatRepeatsEverySecondIsRefused() {
    let zone = """
      BEGIN:VTIMEZONE\r
      TZID:Evil\r
      BEGIN:STANDARD\r
      DTSTART:19700101T000000\r
      RRULE:FREQ=SECONDLY\r
      TZOFFSETFROM:+0100\r
      TZOFFSETTO:+0200\r
      END:STANDARD\r
      END:VTIMEZONE\r
      BEGIN:VEVENT\r
      UID:e1\r
      DTSTAMP:20200101T000000Z\r
      DTSTART;TZID=Evil:20261123T090000\r
      DTEND;TZID=Evil:20261123T100000\r
      END:VEVENT\r

      """
    #expect(
      message(Self.calendar(zone))
        == "cal.ics:5: VTIMEZONE 'Evil': rule 'FREQ=SECONDLY' does not repeat yearly, as time zone rules do")
  }

  @Test func theCapsPerEventAndPerImportAreErrorsNotSilentCuts() {
    #expect(
      message(Self.calendar(Self.event(uid: "daily", rule: "FREQ=DAILY")), days: 1100)
        == "cal.ics:5: event 'daily': more than 1000 occurrences in the window; import fewer --days")
    let many = (0..<11).map { Self.event(uid: "daily-\($0)", rule: "FREQ=DAILY") }.joined()
    #expect(
      message(Self.calendar(many), days: 999)
        == "cal.ics:1: more than 10000 occurrences in the window; import fewer --days or use --match")
    // A daily rule running since 1970 is fine: its steps before the window are counted, not kept.
    #expect(message(Self.calendar(Self.event(uid: "old", rule: "FREQ=DAILY", day: "19700101"))) == nil)
  }

  func days(_ text: String, days: Double) throws -> [String] {
    let from = TestZones.instant("2026-11-23T00:00:00Z")
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return try ICSReader().occurrences(
      text, fileName: "cal.ics", from: from, to: from.addingTimeInterval(days * 86400), fallbackZone: "UTC"
    ).map { formatter.string(from: $0.start) }
  }

  @Test func oldRulesJumpToTheWindowAndKeepTheirIntervals() throws {
    // The iterator jumps close to the window; a rule with INTERVAL must still count its weeks,
    // days and months from DTSTART (expected dates computed from 2013-01-01 by hand).
    #expect(
      try days(
        Self.calendar(Self.event(uid: "w", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", day: "20130101")),
        days: 28)
        == ["2026-12-01", "2026-12-03", "2026-12-15", "2026-12-17"])
    #expect(
      try days(Self.calendar(Self.event(uid: "d", rule: "FREQ=DAILY;INTERVAL=3", day: "20130101")), days: 28)
        == [
          "2026-11-25", "2026-11-28", "2026-12-01", "2026-12-04", "2026-12-07", "2026-12-10", "2026-12-13",
          "2026-12-16", "2026-12-19",
        ])
    #expect(
      try days(
        Self.calendar(Self.event(uid: "m", rule: "FREQ=MONTHLY;INTERVAL=5", day: "20130115")), days: 200)
        == ["2027-03-15"])
    // COUNT cannot jump: the 5,000th day since 2013-01-01 is 2026-09-09, before the window.
    #expect(
      try days(Self.calendar(Self.event(uid: "c", rule: "FREQ=DAILY;COUNT=5000", day: "20130101")), days: 28)
        == [])
  }

  @Test func timesFarFromTheWindowAreNeverConverted() throws {
    // A start in 4024 or an UNTIL in 9999 would make libical expand the zone's rules for
    // thousands of years; neither can touch the window, so neither is converted.
    let text = Self.calendar(
      """
      BEGIN:VEVENT\r
      UID:far\r
      DTSTAMP:20200101T000000Z\r
      DTSTART;TZID=Europe/Berlin:40241002T150000\r
      DTEND;TZID=Europe/Berlin:40241002T160000\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:until\r
      DTSTAMP:20200101T000000Z\r
      DTSTART;TZID=Europe/Berlin:20261124T090000\r
      DTEND;TZID=Europe/Berlin:20261124T100000\r
      RRULE:FREQ=WEEKLY;UNTIL=99991231T000000Z\r
      EXDATE;TZID=Europe/Berlin:99991231T090000\r
      END:VEVENT\r

      """)
    #expect(try days(text, days: 14) == ["2026-11-24", "2026-12-01"])
  }
}
