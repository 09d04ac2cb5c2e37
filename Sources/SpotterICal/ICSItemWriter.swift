import Foundation
import SpotterCore

/// Calendars of one event each (a vdir's items) that share one frame: each item has the bytes
/// ``ICSWriter/write(events:timeZone:validFrom:validUntil:)`` gives for that one event.
///
/// The VCALENDAR frame and its VTIMEZONE are built and serialised once, not for every item:
/// truncating the zone's rules to the span was most of the time a vdir of 100,000 items took.
/// Each event is still built, checked and freed on its own.
public final class ICSItemWriter {
  private let stream: Libical.EventStream
  private let frame: [UInt8]
  private let closing: [UInt8]

  /// Items whose local times are in `timeZone`, with a VTIMEZONE covering `validFrom` to
  /// `validUntil`.
  public init(writer: ICSWriter = ICSWriter(), timeZone: String, validFrom: Date, validUntil: Date) throws {
    var frame: [UInt8] = []
    stream = try Libical.EventStream(
      tzid: timeZone, productID: ICSWriter.productID, calendarName: writer.calendarName, validFrom: validFrom,
      validUntil: validUntil, to: { frame.append(contentsOf: $0) })
    var closing: [UInt8] = []
    try stream.finish { closing.append(contentsOf: $0) }
    self.frame = frame
    self.closing = closing
  }

  /// The calendar text holding `event` alone.
  public func item(_ event: Event) throws -> String {
    var bytes = frame
    try stream.write(event) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: closing)
    return String(decoding: bytes, as: UTF8.self)
  }
}
