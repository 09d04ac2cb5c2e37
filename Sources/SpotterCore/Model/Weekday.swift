/// A day of the week, numbered the ISO 8601 way (Monday is 1).
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
  case monday = 1
  case tuesday, wednesday, thursday, friday, saturday, sunday

  /// The three-letter lowercase key used in config files and JSON, e.g. `mon`.
  public var key: String {
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue - 1]
  }

  /// Parses `mon`, `monday`, `Mo`, `Montag` and friends, case-insensitively.
  public init?(key: String) {
    let lower = key.lowercased()
    let table: [(Weekday, [String])] = [
      (.monday, ["mon", "monday", "mo", "montag"]),
      (.tuesday, ["tue", "tues", "tuesday", "di", "dienstag"]),
      (.wednesday, ["wed", "wednesday", "mi", "mittwoch"]),
      (.thursday, ["thu", "thur", "thurs", "thursday", "do", "donnerstag"]),
      (.friday, ["fri", "friday", "fr", "freitag"]),
      (.saturday, ["sat", "saturday", "sa", "samstag"]),
      (.sunday, ["sun", "sunday", "so", "sonntag"]),
    ]
    guard let match = table.first(where: { $0.1.contains(lower) }) else { return nil }
    self = match.0
  }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
