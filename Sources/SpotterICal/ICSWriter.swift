import Foundation
import SpotterCore

/// Writes events as an RFC 5545 calendar through libical, and checks it before handing it out.
///
/// The calendar carries one VTIMEZONE, taken from libical's built-in zones, renamed to the bare
/// IANA name (libical prefixes `/freeassociation.sourceforge.net/`) so that it matches every TZID
/// parameter, and truncated to the horizon so the file stays small.
public struct ICSWriter: Sendable {
  public static let productID = "-//Spotter//Spotter Reminders 1.0//EN"
  public var calendarName: String

  public init(calendarName: String = "Spotter") {
    self.calendarName = calendarName
  }

  /// The calendar text, CRLF line endings, folded at 75 octets.
  ///
  /// - Parameters:
  ///   - events: the events, in the order to write them.
  ///   - timeZone: the IANA zone all local times are written in.
  ///   - validFrom, validUntil: the span the VTIMEZONE must cover.
  /// - Throws: ``SpotterICalError`` when the zone is unknown to libical or the result fails
  ///   libical's restriction checks.
  public func write(events: [Event], timeZone: String, validFrom: Date, validUntil: Date) throws
    -> String
  {
    try Libical.serialize(
      events: events, tzid: timeZone, productID: Self.productID, calendarName: calendarName,
      validFrom: validFrom, validUntil: validUntil)
  }
}
