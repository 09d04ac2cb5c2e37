import Foundation

/// How a focus block repeats: on some weekdays, up to and including a last date, or with no end,
/// as taskwarrior's and khal's repeats may be.
public struct FocusRecurrence: Sendable, Hashable, Codable {
  public var weekdays: Set<Weekday>
  /// The last date, or nil for a block that repeats until it is removed.
  public var until: LocalDate?

  public init(weekdays: Set<Weekday>, until: LocalDate?) {
    self.weekdays = weekdays
    self.until = until
  }

  /// Parses `daily`, `weekdays`, `weekends` or a list such as `mon,wed`.
  public static func weekdays(parsing text: String) -> Set<Weekday>? {
    switch text.lowercased() {
    case "daily": return Set(Weekday.allCases)
    case "weekdays": return [.monday, .tuesday, .wednesday, .thursday, .friday]
    case "weekends": return [.saturday, .sunday]
    default:
      let days = text.split(separator: ",").map { Weekday(key: $0.trimmingCharacters(in: .whitespaces)) }
      guard !days.isEmpty, days.allSatisfy({ $0 != nil }) else { return nil }
      return Set(days.compactMap { $0 })
    }
  }

  /// `daily`, `weekdays`, or the keys in week order, e.g. `mon,wed`.
  public var weekdaysText: String {
    if weekdays.count == 7 { return "daily" }
    if weekdays == [.monday, .tuesday, .wednesday, .thursday, .friday] { return "weekdays" }
    return weekdays.sorted().map(\.key).joined(separator: ",")
  }
}
