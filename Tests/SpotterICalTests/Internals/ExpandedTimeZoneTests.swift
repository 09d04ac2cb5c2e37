import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterICal

/// The zone the writer converts with is cut from the VTIMEZONE it writes and expanded only from
/// two years before the span: in every zone libical has, it must give the built-in zone's offsets
/// and changes and tzdata's (Foundation's) offset at every instant of the span.
///
/// Not past 2037: there libical's zones, built-in or written, leave tzdata in 13 zones (a
/// half-hour zone's daylight offset, Gaza's and Santiago's rules), and the writer keeps to the
/// rules it writes, which is what a reader of the file goes by.
@Suite struct ExpandedTimeZoneTests {
  static let spans: [(String, String)] = [
    // A nightly horizon, a year across two changes of each kind, and the last years libical expands.
    ("2026-11-21T00:00:00Z", "2026-12-20T00:00:00Z"),
    ("2026-02-27T00:00:00Z", "2027-04-02T00:00:00Z"),
    ("2035-06-01T00:00:00Z", "2037-03-01T00:00:00Z"),
  ]

  @Test(arguments: spans)
  func everyZoneGivesTheBuiltInOffsets(span: (String, String)) throws {
    let from = TestZones.instant(span.0)
    let until = TestZones.instant(span.1)
    var checked = 0
    for name in TimeZone.knownTimeZoneIdentifiers.sorted() where Libical.hasBuiltinTimezone(name) {
      guard !Libical.utcNames.contains(name) else { continue }
      let written = try Libical.writerZone(tzid: name, from: from, until: until)
      let builtin = try #require(Libical.builtinZone(name), "\(name)")
      let tzdata = try #require(TimeZone(identifier: name))
      let ours = ZoneOverlaps(zone: written.zone, from: from, until: until)
      let theirs = ZoneOverlaps(zone: builtin, from: from, until: until)
      #expect(ours.changes == theirs.changes, "\(name)")
      #expect(ours.overlaps == theirs.overlaps, "\(name)")
      var instant = from.addingTimeInterval(-86400)
      while instant < until.addingTimeInterval(86400) {
        let second = time_t(instant.timeIntervalSince1970)
        let offset = Libical.utcOffset(written.zone, at: second)
        if offset != tzdata.secondsFromGMT(for: instant) || offset != Libical.utcOffset(builtin, at: second) {
          Issue.record("\(name) at \(instant): \(offset)")
          break
        }
        instant.addTimeInterval(5 * 3600 + 17 * 60)
      }
      checked += 1
    }
    #expect(checked > 300)
  }
}
