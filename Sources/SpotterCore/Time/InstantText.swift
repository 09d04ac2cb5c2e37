import Foundation

/// Instants as people read them: local wall-clock time with its UTC offset.
public enum InstantText {
  /// `2026-11-23T18:05:00+01:00`: the local time in `clock`'s zone and the offset in force then.
  public static func local(_ instant: Date, clock: ZoneClock) -> String {
    let local = clock.local(instant)
    let offset = clock.offset(at: instant)
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    let seconds = local.secondOfDay
    return "\(local.date)T"
      + [seconds / 3600, seconds / 60 % 60, seconds % 60].map { ASCIIDigits.padded($0, width: 2) }
      .joined(separator: ":") + sign + ASCIIDigits.padded(minutes / 60, width: 2) + ":"
      + ASCIIDigits.padded(minutes % 60, width: 2)
  }
}
