import Foundation

/// An event as libical read it back from text, with every instant resolved to UTC.
public struct ParsedEvent: Sendable, Hashable {
  public var uid: String
  public var summary: String
  public var description: String
  public var sequence: Int
  public var status: String?
  /// The TZID parameter of DTSTART, if any.
  public var startTZID: String?
  public var start: Date
  public var end: Date?
  public var stamp: Date?
  /// Fire instants of the event's alarms (relative triggers resolved against DTSTART/DTEND).
  public var alarmInstants: [Date]
  public var categories: [String]
  /// Whether DTSTART is a date without a time: an all-day event, never a focus block.
  public var isAllDay = false
  /// Whether it has an RRULE.
  public var repeats = false
  /// Whether it replaces one occurrence of another (RECURRENCE-ID), rather than being an event
  /// of its own.
  public var isOverride = false

  /// How long the event lasts, nil without an end: not a block of time unless it is above zero
  /// and at most ``ICSReader/longestOccurrence``.
  public var length: TimeInterval? { end.map { $0.timeIntervalSince(start) } }
}
