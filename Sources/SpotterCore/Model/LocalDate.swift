/// A calendar date with no time and no zone (proleptic Gregorian).
///
/// Day arithmetic is done on a day count, not through `Calendar`, because the planner and the
/// learner walk thousands of days per run and the count is exact in every zone.
public struct LocalDate: Sendable, Hashable, TextCodable, Comparable {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Returns nil when the fields do not name a real date (e.g. 2026-02-30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `daysSinceEpoch` days after 1970-01-01.
  public init(daysSinceEpoch: Int) {
    // Howard Hinnant's civil_from_days.
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (m <= 2 ? 1 : 0)
    month = m
    day = d
  }

  /// Parses `YYYY-MM-DD`.
  public init?(parsing text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let y = ASCIIDigits.value(bytes[0..<4]), let m = ASCIIDigits.value(bytes[5..<7]),
      let d = ASCIIDigits.value(bytes[8..<10])
    else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// Days since 1970-01-01 (Hinnant's days_from_civil).
  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let index = ((daysSinceEpoch + 3) % 7 + 7) % 7
    return Weekday(rawValue: index + 1)!
  }

  public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

  public func days(until other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

  /// `YYYY-MM-DD`.
  public var description: String {
    ASCIIDigits.padded(year, width: 4) + "-" + ASCIIDigits.padded(month, width: 2) + "-"
      + ASCIIDigits.padded(day, width: 2)
  }

  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    lhs.daysSinceEpoch < rhs.daysSinceEpoch
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static let textForm = "YYYY-MM-DD"
}
