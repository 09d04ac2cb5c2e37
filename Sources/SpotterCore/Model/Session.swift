import Foundation

/// A workout session, the seeds' `WorkoutSession` as Spotter stores it.
public struct Session: Sendable, Hashable, Codable, Identifiable {
  /// Stable across re-imports of the same export: the native id, or derived from the source's key.
  public var id: String
  public var source: SessionSource
  public var workoutName: String
  public var start: Date
  public var end: Date?
  public var state: SessionState
  public var exercises: [ExerciseEntry]
  /// When a `spotter session` command last set ``state``; it counts as activity.
  public var stateChangedAt: Date?
  /// Whether ``start`` holds the time of day. FitNotes for Android records dates only: such a
  /// session starts at local midnight and teaches a training day, never a usual time.
  public var hasTimeOfDay: Bool

  public init(
    id: String, source: SessionSource, workoutName: String, start: Date, end: Date?,
    state: SessionState = .completed, exercises: [ExerciseEntry] = [], stateChangedAt: Date? = nil,
    hasTimeOfDay: Bool = true
  ) {
    self.id = id
    self.source = source
    self.workoutName = workoutName
    self.start = start
    self.end = end
    self.state = state
    self.exercises = exercises
    self.stateChangedAt = stateChangedAt
    self.hasTimeOfDay = hasTimeOfDay
  }

  /// The number of sets across all exercises.
  public var setCount: Int { exercises.reduce(0) { $0 + $1.sets.count } }
}
