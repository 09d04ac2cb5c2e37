import Foundation
import SpotterCore
import _SpotterTestSupport

/// Builds completed sessions with sets for achievement and plateau tests.
enum ProgressFactory {
  /// A working set; `kind` warmup or failure where the test needs one.
  static func set(
    _ weight: Double?, _ reps: Int, kind: SetKind = .normal, unit: WeightUnit = .kilograms,
    completed: Bool = true
  ) -> SetEntry {
    SetEntry(kind: kind, weight: weight, unit: unit, reps: reps, completed: completed)
  }

  /// A completed session on `date` at 18:00 Berlin, one hour long.
  static func session(_ date: String, _ exercises: [(String, [SetEntry])], id: String? = nil) -> Session {
    let start = TestZones.berlinClock.instant(TestZones.date(date), LocalTime(hour: 18, minute: 0))
    return Session(
      id: id ?? "s-\(date)", source: .json, workoutName: "Push Day", start: start,
      end: start.addingTimeInterval(3600), state: .completed,
      exercises: exercises.map { ExerciseEntry(name: $0.0, sets: $0.1) })
  }

  /// Sessions on consecutive dates from `first`, each with three sets of `sets`.
  static func daily(from first: String, count: Int, sets: [SetEntry] = [set(60, 5)]) -> [Session] {
    (0..<count).map { offset in
      session(TestZones.date(first).adding(days: offset).description, [("Squat", sets)])
    }
  }
}
