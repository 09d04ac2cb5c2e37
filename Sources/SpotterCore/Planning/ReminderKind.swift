/// The kinds of reminder Spotter plans; the raw value starts every UID of that kind.
public enum ReminderKind: String, Sendable, Hashable, Codable, CaseIterable {
  case workout = "workout-reminder"
  case restDay = "rest-day-reminder"
  /// Seed 001's `focus-block-start-{id}` notification.
  case focusBlock = "focus-block-start"

  /// The CATEGORIES an event of this kind carries.
  public var categories: [String] {
    switch self {
    case .workout: ["Spotter", "Workout"]
    case .restDay: ["Spotter", "Rest Day"]
    case .focusBlock: ["Spotter", "Focus"]
    }
  }

  /// Whether `spotter skip` ("Heute pausieren") and a session on the day silence this kind; a
  /// focus block is not about training.
  public var followsDaySkip: Bool { self == .workout || self == .restDay }
}
