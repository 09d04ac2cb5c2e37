import Foundation

/// One timed occurrence of an event read from someone else's calendar file, resolved to UTC.
public struct CalendarOccurrence: Sendable, Hashable {
  /// `UID` for a single event, `UID/<original start, UTC>` for an occurrence of a repeating one,
  /// so a re-import finds the same occurrence even after it was moved (RECURRENCE-ID).
  public var key: String
  public var uid: String
  public var summary: String
  public var description: String
  public var categories: [String]
  public var start: Date
  public var end: Date
  /// A TZID libical could not resolve, read in the fallback zone instead.
  public var unresolvedTZID: String?
}
