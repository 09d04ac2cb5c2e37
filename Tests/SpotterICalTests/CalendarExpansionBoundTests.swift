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
}
