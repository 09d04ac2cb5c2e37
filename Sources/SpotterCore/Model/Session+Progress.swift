import Foundation

extension Session {
  /// Strong's pseudo-rows carry a rest length or a note under an exercise's name; an importer that
  /// kept one as an exercise must not make it count.
  public static let pseudoExerciseNames: Set<String> = ["rest timer", "note"]

  /// Sets the state as `spotter session` (or the abandonment rule) does at `at`: the change counts
  /// as activity, and a session ended this way ends then, unless its import knew the end.
  public mutating func mark(_ state: SessionState, at: Date) {
    self.state = state
    stateChangedAt = at
    if state == .completed, end == nil { end = at }
  }

  /// The exercises that are real exercises, in order.
  public var realExercises: [ExerciseEntry] {
    // Only names of the pseudo-rows' lengths are lowercased: this runs for every exercise of years.
    exercises.filter {
      let length = $0.name.utf8.count
      return (length != 4 && length != 10) || !Self.pseudoExerciseNames.contains($0.name.lowercased())
    }
  }

  /// The last moment anything happened: the start, a completed set, or a state change by
  /// `spotter session`.
  public var lastActivity: Date {
    var latest = start
    for exercise in exercises {
      for set in exercise.sets {
        if let at = set.completedAt, at > latest { latest = at }
      }
    }
    if let changed = stateChangedAt, changed > latest { latest = changed }
    return latest
  }

  /// Where an unfinished session stands: the exercise to resume with (1-based, the first with a
  /// set still open, or the last when every set is done) and the number of exercises; nil for a
  /// session without exercises.
  public var resumePoint: (exercise: Int, of: Int)? {
    let exercises = realExercises
    guard !exercises.isEmpty else { return nil }
    let open = exercises.firstIndex { $0.sets.contains { !$0.completed } || $0.sets.isEmpty }
    return ((open ?? exercises.count - 1) + 1, exercises.count)
  }
}
