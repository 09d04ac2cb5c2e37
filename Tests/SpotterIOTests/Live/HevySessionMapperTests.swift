import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// A workout from Hevy's API as a session: a set the app should never have written (a type it
/// adds later, reps no person did) costs that set when the sync notes it, and the workout when
/// nothing does.
@Suite struct HevySessionMapperTests {
  func workout(_ sets: String) throws -> HevyWorkout {
    let json = """
      {"id": "w1", "title": "Pull", "start_time": "2026-11-20T17:00:00Z", "end_time": "2026-11-20T18:00:00Z",
       "exercises": [{"index": 0, "title": "Row", "sets": [\(sets)]}]}
      """
    return try JSONDecoder().decode(HevyWorkout.self, from: Data(json.utf8))
  }

  @Test func anUnknownTypeOrAnImpossibleSetCostsThatSet() throws {
    let odd = try workout(
      """
      {"index": 0, "type": "normal", "weight_kg": 80, "reps": 7},
      {"index": 1, "type": "cluster", "weight_kg": 80, "reps": 7},
      {"index": 2, "type": "normal", "weight_kg": 80, "reps": 877777},
      {"index": 3, "type": "warmup", "weight_kg": 40, "reps": 10}
      """)
    let mapper = HevySessionMapper(clock: TestZones.berlinClock)
    let findings = ImportFindings()
    let session = try #require(try mapper.session(odd, where: "hevy w1", findings: findings)).unpacked
    #expect(session.exercises.flatMap(\.sets).map(\.reps) == [7, 10])
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "hevy w1:1: field 'exercises[0].sets[1].type': unknown set type; accepted: \(SetKind.acceptedWords); got 'cluster'",
        "hevy w1:1: column 'exercises[0].sets[2].reps': invalid reps (a whole number from 0 to 9999) '877777.0'",
      ])
    #expect(throws: SpotterIOError.self) { try mapper.session(odd, where: "hevy w1") }
  }

  /// A workout that can be no session (dated 1969) is left out whole and noted, nil coming back;
  /// without findings it refuses, as before.
  @Test func aWorkoutOutOfRangeIsLeftOutWhole() throws {
    var old = try workout(#"{"index": 0, "type": "normal", "weight_kg": 80, "reps": 7}"#)
    old.startTime = "1969-12-31T10:00:00Z"
    let mapper = HevySessionMapper(clock: TestZones.berlinClock)
    let findings = ImportFindings()
    #expect(try mapper.session(old, where: "hevy w1", findings: findings) == nil)
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "hevy w1:1: field 'start_time': date out of range (1970 to 2099) '1969-12-31T10:00:00Z'"
      ])
    #expect(throws: SpotterIOError.self) { try mapper.session(old, where: "hevy w1") }
  }
}
