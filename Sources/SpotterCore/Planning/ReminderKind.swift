/// The kinds of reminder Spotter plans; the raw value starts every UID of that kind.
public enum ReminderKind: String, Sendable, Hashable, Codable, CaseIterable {
  case workout = "workout-reminder"
  case restDay = "rest-day-reminder"

  /// The CATEGORIES an event of this kind carries.
  public var categories: [String] {
    switch self {
    case .workout: ["Spotter", "Workout"]
    case .restDay: ["Spotter", "Rest Day"]
    }
  }
}
