import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Where achievement detection stopped survives the store exactly, and a damaged blob is refused,
/// never a crash: the next run then replays from the start.
@Suite struct AchievementStateCoderTests {
  static func state() -> AchievementDetector.State {
    let clock = TestZones.berlinClock
    let sessions = (0..<40).map { day -> Session in
      let start = clock.instant(
        TestZones.date("2026-01-05").adding(days: day + day / 3), LocalTime(hour: 18, minute: 0))
      let unit: WeightUnit = day % 4 == 0 ? .pounds : .kilograms
      return Session(
        id: "s\(day)", source: .json, workoutName: "Push", start: start, end: start.addingTimeInterval(3600),
        exercises: [
          ExerciseEntry(
            name: "Bench Press",
            sets: [
              SetEntry(
                weight: unit == .pounds ? 200 + Double(day) : 60 + Double(day % 7) * 2.5, unit: unit,
                reps: 5 + day % 4)
            ]),
          ExerciseEntry(
            name: "Squat", sets: [SetEntry(weight: 100 + Double(day), unit: .kilograms, reps: 3 + day % 5)]),
        ])
    }
    var state = AchievementDetector.State()
    _ = AchievementDetector(
      settings: AchievementSettings(), weightUnit: .kilograms, clock: clock, weeklyTarget: 4
    ).detect(AchievementDetector.ordered(sessions)[...], state: &state)
    return state
  }

  @Test func aStateRoundTripsByteForByte() throws {
    let state = Self.state()
    #expect(!state.repsMarks.isEmpty && !state.weightMarks.isEmpty && !state.weekRuns.isEmpty)
    #expect(state.oneRepMaxMarks.values.contains { $0.unit == .pounds })
    let bytes = AchievementStateCoder.encode(state)
    let decoded = try #require(bytes.withUnsafeBytes(AchievementStateCoder.decode))
    #expect(decoded == state)
    #expect(AchievementStateCoder.encode(decoded) == bytes)
    #expect(
      AchievementStateCoder.encode(AchievementDetector.State()).withUnsafeBytes(AchievementStateCoder.decode)
        == AchievementDetector.State())
  }

  @Test func aDamagedStateIsRefused() {
    let bytes = AchievementStateCoder.encode(Self.state())
    PackedBlobDamage.expectRefused(
      bytes, version: AchievementStateCoder.version, decode: AchievementStateCoder.decode)
    // A reps table promising Int32.max marks is refused without reserving room for them.
    let most: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x07]
    #expect(
      ([UInt8(1), 0, 0, 1, 1, UInt8(ascii: "A")] + most).withUnsafeBytes(AchievementStateCoder.decode) == nil)
  }

  /// A store whose cursor no longer decodes gives none, so the run replays from the start.
  @Test func anUnreadableCursorIsNone() throws {
    let path = TestScratch.root.appendingPathComponent("cursor-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try Store(path: path)
    #expect(try store.achievementCursor() == nil)
    try store.setSetting(Store.achievementCursorKey, "12 abc !!!")
    #expect(try store.achievementCursor() == nil)
    let state = Self.state()
    let text = Data(AchievementStateCoder.encode(state)).base64EncodedString()
    try store.setSetting(Store.achievementCursorKey, "12 abc \(text)")
    #expect(try store.achievementCursor() == ProgressCursor(sessions: 12, digest: "abc", state: state))
    // Not three fields, or no count first: none.
    for damaged in ["12 abc", "12 abc \(text) \(text)", "twelve abc \(text)", " abc \(text)", "12  \(text)x"]
    {
      try store.setSetting(Store.achievementCursorKey, damaged)
      #expect(try store.achievementCursor() == nil, "\(damaged.prefix(20))")
    }
  }
}
