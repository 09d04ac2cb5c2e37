import Foundation
import SpotterCore

/// A calendar written an event at a time, for a caller that feeds several outputs from one pass
/// over its events: the same bytes as ``ICSWriter/write(events:timeZone:validFrom:validUntil:to:)``.
///
/// Creating it writes the VCALENDAR frame and its VTIMEZONE; ``write(_:)`` adds one VEVENT, built,
/// checked and freed on its own; ``finish()`` writes the closing line. A check that fails throws,
/// and what the sink received must then be discarded.
public final class ICSEventStream {
  private let stream: Libical.EventStream
  private let sink: (UnsafeBufferPointer<UInt8>) throws -> Void

  /// Starts a calendar of events in `timeZone`, whose VTIMEZONE covers `validFrom` to
  /// `validUntil`, written to `sink`.
  public init(
    writer: ICSWriter = ICSWriter(), timeZone: String, validFrom: Date, validUntil: Date,
    to sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    stream = try Libical.EventStream(
      tzid: timeZone, productID: ICSWriter.productID, calendarName: writer.calendarName, validFrom: validFrom,
      validUntil: validUntil, to: sink)
    self.sink = sink
  }

  /// Writes one VEVENT with its VALARMs.
  public func write(_ event: Event) throws {
    try stream.write(event, to: sink)
  }

  /// Writes the closing line; nothing may follow it.
  public func finish() throws {
    try stream.finish(to: sink)
  }
}
