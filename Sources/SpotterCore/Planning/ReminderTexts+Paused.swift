extension ReminderTexts {
  /// Seed 000 §3: "Pausiertes Workout: Push-Tag" / "Du hast bei Übung 3/8 pausiert. Fortsetzen?".
  public func pausedWorkout(workoutName: String, at point: (exercise: Int, of: Int)?) -> (String, String) {
    let name = privacy == .minimal ? nil : workoutName
    switch language {
    case .en:
      let title = name.map { "Paused workout: \($0)" } ?? "Paused workout"
      let body = point.map { "You paused at exercise \($0.exercise)/\($0.of). Resume?" }
      return (title, body ?? "You paused your workout. Resume?")
    case .de:
      let title = name.map { "Pausiertes Workout: \($0)" } ?? "Pausiertes Workout"
      let body = point.map { "Du hast bei Übung \($0.exercise)/\($0.of) pausiert. Fortsetzen?" }
      return (title, body ?? "Du hast dein Workout pausiert. Fortsetzen?")
    }
  }
}
