import Foundation
import SpotterCore

/// Reads an ISO 8601 instant given on the command line, such as `--now`.
public enum InstantParser {
  /// `2026-11-21T22:00:00Z`, `2026-11-21T23:00+01:00`, or a zoneless time read in `clock`'s zone.
  public static func parse(_ text: String, clock: ZoneClock) -> Date? {
    guard let (local, offset) = TimestampParser.iso8601(text) else { return nil }
    if let offset { return Date(timeIntervalSince1970: TimeInterval(local.wallSeconds - offset)) }
    return clock.instant(local)
  }
}
