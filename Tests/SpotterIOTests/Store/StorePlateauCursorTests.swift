import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Where plateau detection stopped is read back from the store as it was saved; a cursor in the
/// JSON of earlier versions, or damaged, is none, so the night replays detection from the start.
@Suite struct StorePlateauCursorTests {
  static func state() -> PlateauDetector.State {
    let clock = TestZones.berlinClock
    // Three clean sessions at one top weight form a plateau; a fourth at another weight ends it.
    let sessions = [100.0, 100, 100, 102.5].enumerated().map { day, weight -> Session in
      let start = clock.instant(
        TestZones.date("2026-03-02").adding(days: 2 * day), LocalTime(hour: 18, minute: 0))
      return Session(
        id: "s\(day)", source: .json, workoutName: "Legs", start: start, end: start.addingTimeInterval(3600),
        exercises: [ExerciseEntry(name: "Squat", sets: [SetEntry(weight: weight, unit: .kilograms, reps: 5)])]
      )
    }
    var state = PlateauDetector.State()
    PlateauDetector(matcher: LiftMatcher(names: OverloadSettings.defaultLifts), clock: clock)
      .detect(AchievementDetector.ordered(sessions)[...], state: &state)
    return state
  }

  @Test func aSavedCursorReadsBackAndAnOldOrDamagedOneIsNone() throws {
    let path = TestScratch.root.appendingPathComponent("plateau-cursor-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try Store(path: path)
    #expect(try store.plateauCursor() == nil)
    let state = Self.state()
    #expect(state.plateaus.count == 1 && state.plateaus[0].isCurrent == false)
    let cursor = ProgressCursor(sessions: 4, digest: "d1g3st", state: state)
    try store.setSetting(
      Store.plateauCursorKey, Store.packedCursor(cursor, state: PlateauStateCoder.encode(state)))
    #expect(try store.plateauCursor() == cursor)
    // What earlier versions stored: the cursor as JSON.
    let json = String(decoding: try Store.achievementEncoder.encode(cursor), as: UTF8.self)
    try store.setSetting(Store.plateauCursorKey, json)
    #expect(try store.plateauCursor() == nil)
    let text = Data(PlateauStateCoder.encode(state)).base64EncodedString()
    for damaged in [
      "4 d1g3st", "4 d1g3st \(text) \(text)", "four d1g3st \(text)", "4 d1g3st \(text.dropLast(4))",
    ] {
      try store.setSetting(Store.plateauCursorKey, damaged)
      #expect(try store.plateauCursor() == nil, "\(damaged.prefix(20))")
    }
  }
}
