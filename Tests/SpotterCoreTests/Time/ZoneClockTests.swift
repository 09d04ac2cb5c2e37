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

  /// Dating many instants at once looks an offset up once for each stretch between transitions,
  /// and gives the dates one at a time gives: in every zone tzdata knows, at 400 drawn instants
  /// from 1900 to 2100 in ascending order (years of sessions) and shuffled, and at the seconds
  /// around each transition, where a stretch ends.
  @Test func manyInstantsAreDatedAsOneAtATime() throws {
    var random = SeededGenerator(seed: 2026_11_30)
    let low = -2_208_988_800.0  // 1900
    let high = 4_102_444_800.0  // 2100
    for identifier in TimeZone.knownTimeZoneIdentifiers {
      let clock = ZoneClock(timeZone: try #require(TimeZone(identifier: identifier)))
      var instants = (0..<400).map { _ in
        Date(timeIntervalSince1970: Double.random(in: low..<high, using: &random))
      }
      var transition = Date(timeIntervalSince1970: low)
      for _ in 0..<400 {
        guard let next = clock.timeZone.nextDaylightSavingTimeTransition(after: transition),
          next.timeIntervalSince1970 < high
        else { break }
        instants += [-1, -0.5, 0, 0.5, 1, 3600].map { next.addingTimeInterval($0) }
        transition = next
      }
      instants.sort()
      for order in [instants, instants.shuffled(using: &random)] {
        let dates = clock.localDates(order)
        // The first instant dated otherwise, not two lists of hundreds of dates.
        let wrong = order.indices.first { dates[$0] != clock.localDate(order[$0]) }
        #expect(wrong == nil, "\(identifier): \(wrong.map { "\(order[$0]) dated \(dates[$0])" } ?? "")")
      }
    }
  }
}
