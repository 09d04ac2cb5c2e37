import Foundation
import SpotterCore

/// Writes events as an RFC 5545 calendar through libical, checking each component as it is built.
///
/// The calendar carries one VTIMEZONE, taken from libical's built-in zones, renamed to the bare
/// IANA name (libical prefixes `/freeassociation.sourceforge.net/`) so that it matches every TZID
/// parameter, as the yearly rules in force over the horizon, without TZUNTIL. A local time that
/// falls in an autumn overlap is written in UTC, since readers disagree on which pass it means.
public struct ICSWriter: Sendable {
  public static let productID = "-//Spotter//Spotter Reminders 1.0//EN"
  public var calendarName: String

  /// Whether the writer has rules for the zone `name`: libical's built-in zones, and UTC.
  /// Spotter accepts a zone only when this holds, before anything could store it.
  public static func canWrite(timeZone name: String) -> Bool {
    Libical.knowsZone(name)
  }

  /// Whether ``canWrite(timeZone:)`` answers at once: libical's zone list, which its first
  /// answer loads (1.5 million instructions), is already loaded in this process.
  public static var answersAtOnce: Bool { Libical.hasZoneList }

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

  /// Streams the same text to `sink` in pieces: the frame and VTIMEZONE, then one VEVENT at a
  /// time, each built, checked and freed before the next, so memory does not grow with the
  /// number of events (given a lazy sequence, not even for the events themselves).
  ///
  /// A check that fails stops the stream: what `sink` received is then incomplete and must be
  /// discarded; Spotter stages its outputs, so a partial file never replaces the last one.
  public func write<Events: Sequence<Event>>(
    events: Events, timeZone: String, validFrom: Date, validUntil: Date,
    to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    try Libical.serialize(
      events: events, tzid: timeZone, productID: Self.productID, calendarName: calendarName,
      validFrom: validFrom, validUntil: validUntil, to: sink)
  }
}
