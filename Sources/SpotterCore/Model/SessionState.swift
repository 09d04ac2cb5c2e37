/// Where a workout session stands, mirroring the seeds' `WorkoutSession.SessionState`.
public enum SessionState: String, Sendable, Hashable, Codable, CaseIterable {
  case active
  case paused
  case completed
  /// Started, never finished, and past its last pause reminder; the store sets it, never an import.
  case abandoned

  /// Started and not finished: the state that earns paused-workout reminders.
  public var isUnfinished: Bool { self == .active || self == .paused }
}
