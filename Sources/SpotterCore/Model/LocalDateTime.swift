/// A wall-clock date and time with no zone, to the second.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var date: LocalDate
  /// Seconds since local midnight, `0..<86400`.
  public var secondOfDay: Int

  public init(date: LocalDate, secondOfDay: Int) {
    self.date = date
    self.secondOfDay = secondOfDay
  }

  public init(date: LocalDate, time: LocalTime) {
    self.init(date: date, secondOfDay: time.minuteOfDay * 60)
  }

  /// The time of day, truncated to the minute.
  public var time: LocalTime { LocalTime(minuteOfDay: secondOfDay / 60) }

  /// Seconds since 1970-01-01T00:00 on the same wall clock, as if the zone were UTC.
  public var wallSeconds: Int { date.daysSinceEpoch * 86400 + secondOfDay }

  public init(wallSeconds: Int) {
    let days = wallSeconds >= 0 ? wallSeconds / 86400 : (wallSeconds - 86399) / 86400
    self.init(date: LocalDate(daysSinceEpoch: days), secondOfDay: wallSeconds - days * 86400)
  }

  /// `YYYY-MM-DDTHH:MM:SS`.
  public var description: String {
    let h = secondOfDay / 3600
    let m = secondOfDay / 60 % 60
    let s = secondOfDay % 60
    return date.description + "T" + ASCIIDigits.padded(h, width: 2) + ":" + ASCIIDigits.padded(m, width: 2)
      + ":" + ASCIIDigits.padded(s, width: 2)
  }

  /// `YYYY-MM-DD HH:MM`, for messages and listings.
  public var minuteText: String { date.description + " " + time.description }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.wallSeconds < rhs.wallSeconds
  }
}
