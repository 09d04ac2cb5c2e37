import Foundation

/// A workout session, the seeds' `WorkoutSession` as Spotter stores it.
public struct Session: Sendable, Hashable, Identifiable {
  /// Stable across re-imports of the same export: the native id, or derived from the source's key.
  public var id: String
  public var source: SessionSource
  public var workoutName: String
  public var start: Date
  public var end: Date?
  public var state: SessionState
  /// When a `spotter session` command last set ``state``; it counts as activity.
  public var stateChangedAt: Date?
  /// Whether ``start`` holds the time of day. FitNotes for Android records dates only: such a
  /// session starts at local midnight and teaches a training day, never a usual time.
  public var hasTimeOfDay: Bool
  /// The exercises as they were handed over; see ``exercises``.
  var exerciseStorage: ExerciseStorage
  /// A digest of the session as the store holds it, its sets included, when it came from the
  /// store: it stands for the sets in the follow-ups' digests (``FollowUpPlanner``), so that a
  /// night can leave years of sets unread. Derived, so equality and hashing ignore it.
  public var contentDigest: UInt64?

  public init(
    id: String, source: SessionSource, workoutName: String, start: Date, end: Date?,
    state: SessionState = .completed, exercises: [ExerciseEntry] = [], stateChangedAt: Date? = nil,
    hasTimeOfDay: Bool = true
  ) {
    self.id = id
    self.source = source
    self.workoutName = DisplayText.cleaned(workoutName)
    self.start = start
    self.end = end
    self.state = state
    self.exerciseStorage = .decoded(exercises)
    self.stateChangedAt = stateChangedAt
    self.hasTimeOfDay = hasTimeOfDay
  }

  /// The exercises with their sets, in order.
  ///
  /// A session the store handed over packed (``packedExercises``) is decoded on every read, not
  /// kept: a night holds years of sessions and reads the sets of a few.
  public var exercises: [ExerciseEntry] {
    get { exerciseStorage.exercises }
    set { exerciseStorage = .decoded(newValue) }
  }

  /// The exercises in ``ExerciseListCoder``'s form, encoded only if they were handed over decoded.
  public var packedExercises: [UInt8] { exerciseStorage.packed }

  /// Takes exercises in ``ExerciseListCoder``'s form without decoding them; false, and nothing
  /// changed, when `bytes` would not decode.
  public mutating func setPackedExercises(_ bytes: [UInt8]) -> Bool {
    guard bytes.withUnsafeBytes(ExerciseListCoder.isValid) else { return false }
    exerciseStorage = .packed(bytes)
    return true
  }

  /// The number of sets across all exercises.
  public var setCount: Int { exercises.reduce(0) { $0 + $1.sets.count } }

  public static func == (lhs: Session, rhs: Session) -> Bool {
    lhs.id == rhs.id && lhs.source == rhs.source && lhs.workoutName == rhs.workoutName
      && lhs.start == rhs.start && lhs.end == rhs.end && lhs.state == rhs.state
      && lhs.stateChangedAt == rhs.stateChangedAt && lhs.hasTimeOfDay == rhs.hasTimeOfDay
      && lhs.exerciseStorage.holdsSameExercises(as: rhs.exerciseStorage)
  }

  /// Hashes the id and start only: the exercises may be packed, and decoding them to hash would
  /// undo the point of packing.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(start)
  }
}
