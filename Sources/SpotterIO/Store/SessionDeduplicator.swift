import Foundation
import SpotterCore

/// Finds sessions that two apps recorded twice: a start within ten minutes from another source.
///
/// Strong and Hevy (and Apple Health) can all log the same workout; the start times are the only
/// key they share, and in real exports they agree to within minutes.
struct SessionDeduplicator {
  static let tolerance: TimeInterval = 600
  private var buckets: [Int: [(start: Date, source: SessionSource)]] = [:]

  mutating func insert(start: Date, source: SessionSource) {
    buckets[bucket(start), default: []].append((start, source))
  }

  func isDuplicate(start: Date, source: SessionSource) -> Bool {
    let key = bucket(start)
    return (key - 1...key + 1).contains { neighbour in
      buckets[neighbour]?.contains {
        $0.source != source && abs($0.start.timeIntervalSince(start)) <= Self.tolerance
      } ?? false
    }
  }

  private func bucket(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 / Self.tolerance).rounded(.down))
  }
}
