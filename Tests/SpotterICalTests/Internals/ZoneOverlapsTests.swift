import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterICal

/// ``ZoneOverlaps`` must answer as ``Libical/isInOverlap(_:zone:)`` does, which it stands in for
/// when a calendar is written, at every instant: zones that go back by an hour, by half an hour,
/// twice a year around Ramadan, in the southern hemisphere, or never.
@Suite struct ZoneOverlapsTests {
  let from = TestZones.instant("2026-01-01T00:00:00Z")
  let until = TestZones.instant("2027-01-01T00:00:00Z")

  @Test(arguments: [
    "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Africa/Casablanca", "America/Santiago",
    "Pacific/Chatham", "America/St_Johns", "Asia/Tokyo",
  ])
  func answersAsTheOneInstantCheckDoes(tzid: String) throws {
    let zone = try #require(Libical.builtinZone(tzid))
    let overlaps = ZoneOverlaps(zone: zone, from: from, until: until)
    var instant = from.addingTimeInterval(-86400)
    while instant < until.addingTimeInterval(86400) {
      #expect(overlaps.contains(instant) == Libical.isInOverlap(instant, zone: zone), "\(tzid) \(instant)")
      instant.addTimeInterval(17 * 60)
    }
    // Each edge to the second, and instants outside the scan, which fall back to the check.
    let edges = overlaps.overlaps.flatMap {
      [$0.lowerBound - 1, $0.lowerBound, $0.upperBound - 1, $0.upperBound]
    }
    for second in edges + [overlaps.covered.lowerBound - 3600, overlaps.covered.upperBound + 86400 * 200] {
      let date = Date(timeIntervalSince1970: TimeInterval(second))
      #expect(overlaps.contains(date) == Libical.isInOverlap(date, zone: zone), "\(tzid) \(date)")
    }
  }

  @Test func berlinRepeatsTheHourBeforeThreeOnTheLastSundayOfOctober() throws {
    let overlaps = ZoneOverlaps(
      zone: try #require(Libical.builtinZone("Europe/Berlin")), from: from, until: until)
    // 02:00–03:00 CEST then 02:00–03:00 CET: 00:00–02:00 UTC on 2026-10-25.
    let start = Int(TestZones.instant("2026-10-25T00:00:00Z").timeIntervalSince1970)
    #expect(overlaps.overlaps.map { Int($0.lowerBound)..<Int($0.upperBound) } == [start..<(start + 7200)])
    #expect(
      ZoneOverlaps(zone: try #require(Libical.builtinZone("Asia/Tokyo")), from: from, until: until)
        .overlaps.isEmpty)
  }

  @Test func aFarEndScansAtMostTheLongestStretch() throws {
    let zone = try #require(Libical.builtinZone("Europe/Berlin"))
    let overlaps = ZoneOverlaps(zone: zone, from: from, until: TestZones.instant("2400-01-01T00:00:00Z"))
    #expect(overlaps.covered.count == ZoneOverlaps.longestScan)
    let later = TestZones.instant("2390-10-29T00:30:00Z")
    #expect(overlaps.contains(later) == Libical.isInOverlap(later, zone: zone))
  }
}
