import Testing

@testable import SpotterCore

@Suite struct WorkoutNamePredictorTests {
  @Test func followsARotation() {
    let names = ["Push", "Pull", "Legs", "Push", "Pull", "Legs", "Push"]
    #expect(WorkoutNamePredictor(names: names).next(4) == ["Pull", "Legs", "Push", "Pull"])
  }

  @Test func repeatsASingleName() {
    #expect(
      WorkoutNamePredictor(names: ["Evening Workout", "Evening Workout"]).next(2) == [
        "Evening Workout", "Evening Workout",
      ])
  }

  @Test func knowsNothingWithoutHistory() {
    #expect(WorkoutNamePredictor(names: []).next(3).isEmpty)
  }
}
