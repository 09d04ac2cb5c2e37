import Foundation
import SpotterCore
import Testing

@Suite struct SessionTests {
  static func session(exercises: [ExerciseEntry]) -> Session {
    Session(
      id: "s1", source: .strong, workoutName: "Push Day", start: Date(timeIntervalSince1970: 1_790_000_000),
      end: Date(timeIntervalSince1970: 1_790_003_600), exercises: exercises)
  }

  static let exercises = [
    ExerciseEntry(
      name: "Bench Press",
      sets: [
        SetEntry(kind: .warmup, weight: 40, unit: .kilograms, reps: 10),
        SetEntry(
          weight: 80, unit: .kilograms, reps: 5, completedAt: Date(timeIntervalSince1970: 1_790_000_900)),
      ]),
    ExerciseEntry(name: "Rest Timer", sets: []),
  ]

  @Test func packedExercisesReadAsTheyWentIn() {
    let decoded = Self.session(exercises: Self.exercises)
    var packed = Self.session(exercises: [])
    let taken = packed.setPackedExercises(ExerciseListCoder.encode(Self.exercises))
    #expect(taken)
    #expect(packed.exercises == Self.exercises)
    #expect(packed.realExercises.map(\.name) == ["Bench Press"])
    #expect(packed.setCount == 2)
    #expect(packed.lastActivity == Date(timeIntervalSince1970: 1_790_000_900))
    // The same session whichever form its sets are in, with one hash and one packed form.
    #expect(packed == decoded)
    #expect(packed.hashValue == decoded.hashValue)
    #expect(packed.packedExercises == decoded.packedExercises)
    #expect(packed != Self.session(exercises: Array(Self.exercises.prefix(1))))
  }

  @Test func damagedBytesAreRefusedAndChangeNothing() {
    var session = Self.session(exercises: Self.exercises)
    let bytes = ExerciseListCoder.encode(Self.exercises)
    let taken = session.setPackedExercises(Array(bytes.dropLast()))
    #expect(!taken)
    #expect(session.exercises == Self.exercises)
  }

  @Test func writingExercisesReplacesPackedOnes() {
    var session = Self.session(exercises: [])
    let taken = session.setPackedExercises(ExerciseListCoder.encode(Self.exercises))
    #expect(taken)
    session.exercises.append(ExerciseEntry(name: "Dips", sets: []))
    #expect(session.exercises.map(\.name) == ["Bench Press", "Rest Timer", "Dips"])
  }
}
