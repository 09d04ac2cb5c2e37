/// When an alarm fires, relative to its event's start (RFC 5545, Section 3.8.6.3).
///
/// Relative triggers move with the event: a client that shifts the event for a new zone or a
/// later SEQUENCE keeps the alarm in step, which an absolute date-time would not. The one
/// exception is the writer's: an alarm whose offset from UTC differs from its start's (a DST
/// change between them) is written at its UTC instant, because readers add the duration to the
/// start's wall-clock reading.
public struct Trigger: Sendable, Hashable, Codable {
  /// Seconds from DTSTART; negative is before the start.
  public var offsetSeconds: Int

  public init(offsetSeconds: Int) {
    self.offsetSeconds = offsetSeconds
  }
}
