import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct ZoneClockTests {
  let berlin = TestZones.berlinClock
  let newYork = TestZones.newYorkClock

  @Test func resolvesOrdinaryTimes() {
    let instant = berlin.instant(TestZones.date("2026-11-23"), LocalTime(hour: 17, minute: 30))
    #expect(instant == TestZones.instant("2026-11-23T16:30:00Z"))
    #expect(berlin.local(instant).description == "2026-11-23T17:30:00")
  }

  @Test func springForwardGapMovesLaterByTheGap() {
    // 2026-03-29 02:30 does not exist in Berlin; RFC 5545 reads it with the offset before the gap.
    let local = LocalDateTime(date: TestZones.date("2026-03-29"), time: LocalTime(hour: 2, minute: 30))
    #expect(berlin.isInGap(local))
    #expect(berlin.instant(local) == TestZones.instant("2026-03-29T03:30:00+02:00"))
    let ny = LocalDateTime(date: TestZones.date("2026-03-08"), time: LocalTime(hour: 2, minute: 15))
    #expect(newYork.isInGap(ny))
    #expect(newYork.instant(ny) == TestZones.instant("2026-03-08T03:15:00-04:00"))
  }

  @Test func fallBackOverlapMeansFirstOccurrence() {
    let local = LocalDateTime(date: TestZones.date("2026-10-25"), time: LocalTime(hour: 2, minute: 30))
    #expect(berlin.isAmbiguous(local))
    #expect(berlin.instant(local) == TestZones.instant("2026-10-25T02:30:00+02:00"))
    let ny = LocalDateTime(date: TestZones.date("2026-11-01"), time: LocalTime(hour: 1, minute: 30))
    #expect(newYork.instant(ny) == TestZones.instant("2026-11-01T01:30:00-04:00"))
  }

  @Test(arguments: [
    ("Europe/Berlin", "2026-03-29", "2026-03-29T16:00:00Z"),
    ("Europe/Berlin", "2026-10-25", "2026-10-25T17:00:00Z"),
    ("America/New_York", "2026-03-08", "2026-03-08T22:00:00Z"),
    ("America/New_York", "2026-11-01", "2026-11-01T23:00:00Z"),
  ])
  func eveningTimesOnChangeDaysKeepTheirWallClock(zone: String, date: String, expected: String) {
    let clock = ZoneClock(timeZone: TimeZone(identifier: zone)!)
    #expect(
      clock.instant(TestZones.date(date), LocalTime(hour: 18, minute: 0)) == TestZones.instant(expected))
  }
}
