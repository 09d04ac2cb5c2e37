/// The STATUS of an event (RFC 5545, Section 3.8.1.11).
public enum EventStatus: String, Sendable, Hashable, Codable {
  case confirmed = "CONFIRMED"
  case cancelled = "CANCELLED"
}
