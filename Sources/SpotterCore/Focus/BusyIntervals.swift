import Foundation

/// The times already taken by focus blocks, asked "does this overlap?" once per imported
/// occurrence: a calendar of 10,000 events is checked in O(n log n), not pair by pair.
///
/// The initial occurrences may come in any order and may overlap one another; ``add(start:end:)``
/// takes the accepted ones in order of their start, as an import walks them.
public struct BusyIntervals: Sendable {
  /// The initial intervals' starts, ascending.
  private var starts: [Date]
  /// The latest end among the initial intervals up to each index.
  private var latestEnds: [Date]
  /// The latest end of the intervals added since.
  private var addedEnd = Date.distantPast

  public init(_ occurrences: [FocusOccurrence]) {
    let sorted = occurrences.map { ($0.start, $0.end) }.sorted { $0.0 < $1.0 }
    starts = sorted.map(\.0)
    var latest = Date.distantPast
    latestEnds = sorted.map {
      latest = max(latest, $0.1)
      return latest
    }
  }

  /// Whether `start..<end` meets any interval held.
  public func overlaps(start: Date, end: Date) -> Bool {
    if addedEnd > start { return true }
    // The initial intervals starting before `end`: one of them overlaps if the latest end among
    // them is after `start`.
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] < end { low = middle + 1 } else { high = middle }
    }
    return low > 0 && latestEnds[low - 1] > start
  }

  /// Holds `start..<end` too; starts come in ascending order.
  public mutating func add(start: Date, end: Date) {
    addedEnd = max(addedEnd, end)
  }
}
