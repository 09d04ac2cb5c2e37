import Foundation
import SpotterCore
import SpotterICal
import Testing
import _SpotterTestSupport

/// A vdir item made from the shared frame is byte for byte the calendar ``ICSWriter`` writes for
/// that one event, whatever the event and the zone.
@Suite struct ICSItemWriterTests {
  let stamp = TestZones.instant("2026-10-20T20:30:00Z")

  func event(_ uid: String, _ start: String, kind: ReminderKind = .workout, status: EventStatus = .confirmed)
    -> Event
  {
    let begin = TestZones.instant(start)
    return Event(
      uid: uid, kind: kind, sequence: 2, stamp: stamp, start: begin, end: begin.addingTimeInterval(5400),
      summary: "Fokus, tief", description: "Heute: Push\nTag", categories: ["Spotter", "Focus, deep"],
      status: status,
      alarms: status == .confirmed
        ? [
          Alarm(description: "bald", trigger: Trigger(offsetSeconds: -300)),
          Alarm(description: "jetzt", trigger: Trigger(offsetSeconds: 0)),
        ] : [])
  }

  @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC"])
  func anItemIsTheCalendarOfItsOneEvent(zone: String) throws {
    let from = TestZones.instant("2026-10-20T00:00:00Z")
    let until = TestZones.instant("2026-11-10T00:00:00Z")
    let items = try ICSItemWriter(timeZone: zone, validFrom: from, validUntil: until)
    let events = [
      event("workout-reminder-2026-10-21@spotter", "2026-10-21T17:00:00Z"),
      // In Berlin's autumn overlap (written in UTC there), and one cancelled.
      event("focus-block-start-ab12-2026-10-25@spotter", "2026-10-25T00:30:00Z", kind: .focusBlock),
      event("workout-reminder-2026-11-01@spotter", "2026-11-01T05:30:00Z", status: .cancelled),
      event("focus-block-start-ab12-2026-11-02@spotter", "2026-11-02T06:30:00Z", kind: .focusBlock),
    ]
    for event in events {
      let alone = try ICSWriter().write(events: [event], timeZone: zone, validFrom: from, validUntil: until)
      #expect(try items.item(event) == alone, "\(zone) \(event.uid)")
    }
  }
}
