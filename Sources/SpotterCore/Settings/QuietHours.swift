import Foundation

/// A nightly window in which no alarm may fire; it may span midnight.
public struct QuietHours: Sendable, Hashable, Codable {
  public var start: LocalTime
  public var end: LocalTime

  public init(start: LocalTime, end: LocalTime) {
    self.start = start
    self.end = end
  }

  /// Whether `time` lies inside the window (start inclusive, end exclusive).
  public func contains(_ time: LocalTime) -> Bool {
    if start == end { return false }
    if start < end { return time >= start && time < end }
    return time >= start || time < end
  }

  /// Moves an instant that falls inside the window to the window's end, and leaves others alone.
  public func adjust(_ instant: Date, clock: ZoneClock) -> Date {
    let local = clock.local(instant)
    guard contains(local.time) else { return instant }
    // The window's end lies on the same date, unless we are in its evening part.
    let endDate = start > end && local.time >= start ? local.date.adding(days: 1) : local.date
    return clock.instant(endDate, end)
  }
}
