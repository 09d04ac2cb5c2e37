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
    let (year, month, day) = date.civil
    guard (0...9999).contains(year) else {
      let h = secondOfDay / 3600
      let m = secondOfDay / 60 % 60
      let s = secondOfDay % 60
      return date.description + "T" + ASCIIDigits.padded(h, width: 2) + ":"
        + ASCIIDigits.padded(m, width: 2) + ":" + ASCIIDigits.padded(s, width: 2)
    }
    // Written into one small buffer: session ids and JSON build thousands of these, and joining
    // six padded strings cost most of an import's session building.
    return String(unsafeUninitializedCapacity: 19) { buffer in
      func put(_ value: Int, _ width: Int, at offset: Int) {
        var rest = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
          buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      put(year, 4, at: 0)
      buffer[4] = UInt8(ascii: "-")
      put(month, 2, at: 5)
      buffer[7] = UInt8(ascii: "-")
      put(day, 2, at: 8)
      buffer[10] = UInt8(ascii: "T")
      put(secondOfDay / 3600, 2, at: 11)
      buffer[13] = UInt8(ascii: ":")
      put(secondOfDay / 60 % 60, 2, at: 14)
      buffer[16] = UInt8(ascii: ":")
      put(secondOfDay % 60, 2, at: 17)
      return 19
    }
  }

  /// `YYYY-MM-DD HH:MM`, for messages and listings.
  public var minuteText: String { date.description + " " + time.description }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.wallSeconds < rhs.wallSeconds
  }
}
