import Foundation
import SpotterCore

/// Zones and instants the tests share.
public enum TestZones {
  public static let berlin = TimeZone(identifier: "Europe/Berlin")!
  public static let newYork = TimeZone(identifier: "America/New_York")!
  public static let berlinClock = ZoneClock(timeZone: berlin)
  public static let newYorkClock = ZoneClock(timeZone: newYork)

  /// Parses an ISO 8601 instant with an explicit offset, e.g. `2026-03-29T18:00:00+02:00`.
  public static func instant(_ text: String) -> Date {
    // Clocks with fractions of a second are part of the awkward world the tests cover.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions =
      text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
  }

  public static func date(_ text: String) -> LocalDate { LocalDate(parsing: text)! }
}
