/// A calendar as libical read it back: its events and the TZIDs of its VTIMEZONEs.
public struct ParsedCalendar: Sendable, Hashable {
  public var events: [ParsedEvent]
  public var timeZoneIDs: [String]
  /// Whether libical's RFC 5545 restriction checks pass on the parsed text.
  public var passesRestrictions: Bool
}
