import SpotterCore

/// Collects sets into exercises: a contiguous run of rows with one exercise name is one exercise.
struct ExerciseGrouper {
  private(set) var exercises: [ExerciseEntry]

  init(exercises: [ExerciseEntry] = []) {
    self.exercises = exercises
  }

  mutating func add(_ set: SetEntry, exercise name: String) {
    if exercises.last?.name == name {
      exercises[exercises.count - 1].sets.append(set)
    } else {
      exercises.append(ExerciseEntry(name: name, sets: [set]))
    }
  }
}
