/// A calendar as libical read it back: its events and the TZIDs of its VTIMEZONEs.
public struct ParsedCalendar: Sendable, Hashable {
  public var events: [ParsedEvent]
  public var timeZoneIDs: [String]
  /// RFC 5545 violations libical and Spotter's checks found; empty for a valid calendar.
  public var violations: [String]

  /// Whether the calendar passes libical's restriction checks and the RFC 5545 musts.
  public var passesRestrictions: Bool { violations.isEmpty }
}
