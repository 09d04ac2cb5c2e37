import CLibical
import Foundation

/// The stretches of a calendar's span in which a zone's wall-clock readings happen twice (the
/// hour repeated when the clocks go back), and the instants its offset changes, found once for
/// the calendar.
///
/// ``Libical/isInOverlap(_:zone:)`` answers for one instant with four offset lookups and a few
/// allocations, and a calendar asks for every DTSTART and DTEND: 5% of writing 100,000 events.
/// Offsets change at most once a day (``Libical/instants(ofWallClock:in:)`` assumes it too), so
/// a scan a day at a time finds every change in the span, and a binary search its second.
struct ZoneOverlaps {
  /// The longest stretch scanned. Beyond it (a one-off block years ahead) each instant is asked
  /// of ``Libical/isInOverlap(_:zone:)``, so a far end costs no scan of every day up to it.
  static let longestScan: time_t = 3 * 366 * 86400

  let zone: OpaquePointer
  /// The instants the scan covers.
  let covered: Range<time_t>
  /// The instants whose reading happens twice, earliest first.
  let overlaps: [Range<time_t>]
  /// The first second of each new offset, earliest first.
  let changes: [time_t]

  /// Scans `zone` from a day before `from` to a day after `until`, at most ``longestScan``.
  init(zone: OpaquePointer, from: Date, until: Date) {
    let start = time_t(from.timeIntervalSince1970.rounded(.down)) - 86400
    let end = max(
      start, min(time_t(until.timeIntervalSince1970.rounded(.up)) + 86400, start + Self.longestScan))
    var overlaps: [Range<time_t>] = []
    var changes: [time_t] = []
    var day = start
    var offset = Libical.utcOffset(zone, at: day)
    while day < end {
      let next = min(day + 86400, end)
      let nextOffset = Libical.utcOffset(zone, at: next)
      if nextOffset != offset {
        // The first second at the new offset.
        var low = day
        var high = next
        while high - low > 1 {
          let middle = low + (high - low) / 2
          if Libical.utcOffset(zone, at: middle) == offset { low = middle } else { high = middle }
        }
        changes.append(high)
        // The clocks went back by `repeated` there, so the readings of that many seconds before
        // it come again after it.
        if nextOffset < offset {
          let repeated = offset - nextOffset
          overlaps.append((high - repeated)..<(high + repeated))
        }
      }
      day = next
      offset = nextOffset
    }
    self.zone = zone
    self.covered = start..<end
    self.overlaps = overlaps
    self.changes = changes
  }

  /// Whether `date`'s reading in the zone also stands for another instant, as
  /// ``Libical/isInOverlap(_:zone:)`` answers.
  func contains(_ date: Date) -> Bool {
    let instant = time_t(date.timeIntervalSince1970.rounded(.down))
    guard covered.contains(instant) else { return Libical.isInOverlap(date, zone: zone) }
    return overlaps.contains { $0.contains(instant) }
  }

  /// Whether the zone's offset at `a` differs from its offset at `b`: a change lies between them.
  func offsetsDiffer(_ a: Date, _ b: Date) -> Bool {
    let (first, second) = (
      time_t(min(a, b).timeIntervalSince1970.rounded(.down)),
      time_t(max(a, b).timeIntervalSince1970.rounded(.down))
    )
    guard covered.contains(first), covered.contains(second) else {
      return Libical.utcOffset(zone, at: first) != Libical.utcOffset(zone, at: second)
    }
    return changes.contains { first < $0 && $0 <= second }
  }
}
