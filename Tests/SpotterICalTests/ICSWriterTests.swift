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
    #expect(!short.contains("BEGIN:DAYLIGHT"))
    #expect(!short.contains("1893"))
    #expect(short.components(separatedBy: "BEGIN:STANDARD").count == 2)
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
