import Foundation

extension HevyPage {
  /// The page with the API key blanked out of every text it carries, before any of it is mapped,
  /// stored or quoted in an error: a server that echoes the key into a title, a time, a set's type
  /// or an id shows `(key)` there instead.
  func redacted(by redactor: SecretRedactor) -> HevyPage {
    var page = self
    page.workouts = workouts?.map { $0.redacted(by: redactor) }
    page.events = events?.map { event in
      switch event {
      case .updated(let workout): .updated(workout.redacted(by: redactor))
      case .deleted(let id, let at): .deleted(id: redactor.redact(id), at: at.map(redactor.redact))
      }
    }
    return page
  }
}

extension HevyWorkout {
  func redacted(by redactor: SecretRedactor) -> HevyWorkout {
    var workout = self
    workout.id = redactor.redact(id)
    workout.title = title.map(redactor.redact)
    workout.startTime = startTime.map(redactor.redact)
    workout.endTime = endTime.map(redactor.redact)
    workout.updatedAt = updatedAt.map(redactor.redact)
    workout.exercises = exercises?.map { exercise in
      var exercise = exercise
      exercise.title = exercise.title.map(redactor.redact)
      exercise.sets = exercise.sets?.map { set in
        var set = set
        set.type = set.type.map(redactor.redact)
        return set
      }
      return exercise
    }
    return workout
  }
}
