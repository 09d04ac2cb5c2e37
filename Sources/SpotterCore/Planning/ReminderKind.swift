/// The kinds of reminder Spotter plans; the raw value starts every UID of that kind.
public enum ReminderKind: String, Sendable, Hashable, Codable, CaseIterable {
  case workout = "workout-reminder"
  case restDay = "rest-day-reminder"
  /// Seed 001's `focus-block-start-{id}` notification.
  case focusBlock = "focus-block-start"
  /// Seed 000 §3: a workout started and not finished; the entity is the session.
  case pausedWorkout = "paused-workout"
  /// Seed 000 §4: the records and milestones one session earned; the entity is the session.
  case achievement
  /// Seed 000 §6: add weight after a plateau; the entity is the lift and the plateau's first
  /// session.
  case overload = "overload-suggestion"

  /// The CATEGORIES an event of this kind carries.
  public var categories: [String] {
    switch self {
    case .workout: ["Spotter", "Workout"]
    case .restDay: ["Spotter", "Rest Day"]
    case .focusBlock: ["Spotter", "Focus"]
    case .pausedWorkout: ["Spotter", "Paused Workout"]
    case .achievement: ["Spotter", "Achievement"]
    case .overload: ["Spotter", "Progression"]
    }
  }

  /// Whether `spotter skip` ("Heute pausieren") and a session on the day silence this kind; a
  /// focus block is not about training.
  public var followsDaySkip: Bool { self == .workout || self == .restDay }

  /// Whether the reminder follows from something that happened (a session, a record, a plateau)
  /// rather than from the calendar: once its alarm time has passed it is history, and only a
  /// pending one is ever revised or cancelled.
  public var followsEvents: Bool { self == .pausedWorkout || self == .achievement || self == .overload }
}
