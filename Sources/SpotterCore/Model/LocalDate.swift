/// A calendar date with no time and no zone (proleptic Gregorian).
///
/// Day arithmetic is done on a day count, not through `Calendar`, because the planner and the
/// learner walk thousands of days per run and the count is exact in every zone.
public struct LocalDate: Sendable, Hashable, TextCodable, Comparable {
  /// Days since 1970-01-01: the one stored field. The learner and planner compare, hash and step
  /// dates hundreds of thousands of times a night; as year, month and day each comparison
  /// converted both dates to this count first, and each hash mixed three fields.
  public let daysSinceEpoch: Int

  /// Returns nil when the fields do not name a real date (e.g. 2026-02-30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year)
    else { return nil }
    // Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    daysSinceEpoch = era * 146_097 + doe - 719_468
  }

  /// The date `daysSinceEpoch` days after 1970-01-01.
  public init(daysSinceEpoch: Int) {
    self.daysSinceEpoch = daysSinceEpoch
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

  /// Year, month and day (Howard Hinnant's civil_from_days).
  public var civil: (year: Int, month: Int, day: Int) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  public var year: Int { civil.year }
  public var month: Int { civil.month }
  public var day: Int { civil.day }

  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let index = ((daysSinceEpoch + 3) % 7 + 7) % 7
    return Weekday(rawValue: index + 1)!
  }

  public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

  public func days(until other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (year, month, day) = civil
    return ASCIIDigits.padded(year, width: 4) + "-" + ASCIIDigits.padded(month, width: 2) + "-"
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
