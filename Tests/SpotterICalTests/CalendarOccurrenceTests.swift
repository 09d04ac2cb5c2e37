import Foundation
import SpotterICal
import Testing
import _SpotterTestSupport

/// Focus block imports from real calendar exports (copied from ../shared/fixtures/ics).
@Suite struct CalendarOccurrenceTests {
  func occurrences(_ name: String, from: String, to: String, zone: String = "Europe/Berlin") throws
    -> [CalendarOccurrence]
  {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    let text = try String(contentsOf: url, encoding: .utf8)
    return try ICSReader().occurrences(
      text, fileName: name, from: TestZones.instant(from), to: TestZones.instant(to), fallbackZone: zone)
  }

  func utc(_ list: [CalendarOccurrence]) -> [String] {
    list.map { "\(iso($0.start))–\(iso($0.end))" }
  }

  func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  @Test func singleEventsInZonesUTCAndMixedEnds() throws {
    // Etar: DTSTART in Europe/London (BST), DTEND in UTC.
    #expect(
      utc(
        try occurrences(
          "etar_android_alarm_future__icalendar.ics", from: "2024-10-01T00:00:00Z", to: "2024-11-01T00:00:00Z"
        ))
        == ["2024-10-05T12:00:00Z–2024-10-05T13:00:00Z"])
    #expect(
      utc(
        try occurrences(
          "google_alarm_future__icalendar.ics", from: "2024-10-01T00:00:00Z", to: "2024-11-01T00:00:00Z"))
        == ["2024-10-04T18:15:00Z–2024-10-04T19:00:00Z"])
    #expect(
      utc(
        try occurrences(
          "thunderbird_alarm_future__icalendar.ics", from: "2024-10-01T00:00:00Z", to: "2024-11-01T00:00:00Z")
      )
        == ["2024-10-23T14:00:00Z–2024-10-23T15:00:00Z"])
    // Exchange's own VTIMEZONE for "GMT Standard Time"; its all-day recurring events are skipped.
    let outlook = try occurrences(
      "outlook_exchange2010_alarm_in_future__icalendar.ics", from: "2024-06-01T00:00:00Z",
      to: "2024-11-01T00:00:00Z")
    #expect(utc(outlook) == ["2024-10-04T17:30:00Z–2024-10-04T18:00:00Z"])
    #expect(outlook.map(\.summary) == ["outlook event with alarm"])
  }

  @Test func windowsZoneNameWithoutVTimezone() throws {
    let office = try occurrences(
      "office365_windows_tzid_no_vtimezone__allenporter.ics", from: "2024-04-01T00:00:00Z",
      to: "2024-05-01T00:00:00Z",
      zone: "America/New_York")
    #expect(utc(office) == ["2024-04-26T12:00:00Z–2024-04-26T13:00:00Z"])
    #expect(office.map(\.unresolvedTZID) == [nil])
  }

  @Test func dailyRuleKeepsLocalTimeAcrossDST() throws {
    // 05:00 in Los Angeles every day since 2012; the US change was on 2026-03-08.
    let list = try occurrences(
      "google_daily_recur_valarm__icaljs.ics", from: "2026-03-07T00:00:00Z", to: "2026-03-10T00:00:00Z")
    #expect(
      utc(list) == [
        "2026-03-07T13:00:00Z–2026-03-07T14:00:00Z", "2026-03-08T12:00:00Z–2026-03-08T13:00:00Z",
        "2026-03-09T12:00:00Z–2026-03-09T13:00:00Z",
      ])
    #expect(Set(list.map(\.key)).count == 3)
  }

  @Test func exdatesAndRecurrenceIDOverrides() throws {
    // First Tuesday monthly at 10:00 Los Angeles; three EXDATEs; the first occurrence moved to
    // 15:00; an override whose RECURRENCE-ID names no occurrence is kept as its own event.
    let list = try occurrences(
      "zimbra_recur_instances_valarm__icaljs.ics", from: "2012-10-01T00:00:00Z", to: "2013-05-01T00:00:00Z")
    #expect(
      utc(list) == [
        "2012-10-02T22:00:00Z–2012-10-02T22:30:00Z", "2012-11-06T18:00:00Z–2012-11-06T18:30:00Z",
        "2012-11-07T04:00:00Z–2012-11-07T04:30:00Z", "2013-01-01T18:00:00Z–2013-01-01T18:30:00Z",
        "2013-03-05T18:00:00Z–2013-03-05T18:30:00Z",
      ])
    // The moved occurrence keeps the key of the one it replaces, so a re-import updates it.
    #expect(list[0].key == "623c13c0-6c2b-45d6-a12b-c33ad61c4868/1349197200")
  }

  @Test func iCloudRulesWithAndWithoutUntil() throws {
    let list = try occurrences(
      "icloud_caldav__allenporter.ics", from: "2022-09-25T00:00:00Z", to: "2022-09-28T07:00:00Z")
    // The first rule's UNTIL (2022-09-26T15:59:59Z) ends it just before 09:00 that day, where the
    // second rule takes over: one "Daily" a day, never two.
    #expect(
      list.map { "\($0.summary) \(iso($0.start))" }.sorted() == [
        "Daily 2022-09-25T16:00:00Z", "Daily 2022-09-26T16:00:00Z", "Daily 2022-09-27T16:00:00Z",
        "New Event 2022-09-27T16:00:00Z",
      ])
  }

  @Test func gapAndOverlapTimesFollowTheWrittenRule() throws {
    // Berlin skips 02:00–03:00 on 2026-03-29 and repeats it on 2026-10-25; New York skips
    // 02:00–03:00 on 2026-03-08 and repeats 01:00–02:00 on 2026-11-01.
    func event(_ uid: String, _ day: String, _ time: String, zone: String = "Europe/Berlin") -> String {
      "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=\(zone):\(day)T\(time)\r\n"
        + "DURATION:PT30M\r\nEND:VEVENT\r\n"
    }
    let text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + event("gap", "20260329", "023000")
      + event("overlap", "20261025", "023000")
      + event("ny-gap", "20260308", "023000", zone: "America/New_York")
      + event("ny-overlap", "20261101", "013000", zone: "America/New_York") + "END:VCALENDAR\r\n"
    let list = try ICSReader().occurrences(
      text, fileName: "t.ics", from: TestZones.instant("2026-01-01T00:00:00Z"),
      to: TestZones.instant("2027-01-01T00:00:00Z"), fallbackZone: "UTC")
    #expect(
      list.map { "\($0.uid) \(iso($0.start))" } == [
        // A gap time moves later by the gap's length: 03:30 EDT, 03:30 CEST.
        "ny-gap 2026-03-08T07:30:00Z", "gap 2026-03-29T01:30:00Z",
        // An overlap time means its first pass: 02:30 CEST, 01:30 EDT.
        "overlap 2026-10-25T00:30:00Z", "ny-overlap 2026-11-01T05:30:00Z",
      ])
  }

  @Test func oddFilesDoNotCrash() throws {
    #expect(
      try occurrences(
        "vtimezone_Europe_Berlin_tzdata2025c__libical.ics", from: "2020-01-01T00:00:00Z",
        to: "2030-01-01T00:00:00Z"
      ).isEmpty)
    let rfc = try occurrences(
      "rfc2445_examples__libical.ics", from: "1990-01-01T00:00:00Z", to: "2030-01-01T00:00:00Z")
    #expect(rfc.count == 3)
    #expect(Set(rfc.map(\.key)).count == 3)
    #expect(throws: SpotterICalError.self) {
      try ICSReader().occurrences(
        "not a calendar", fileName: "x.ics", from: Date(timeIntervalSince1970: 0), to: Date(),
        fallbackZone: "UTC")
    }
  }
}
