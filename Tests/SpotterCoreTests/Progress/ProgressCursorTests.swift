import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// Detection resumed from where a run stopped finds exactly what one replay of everything finds,
/// wherever it stopped, with the state encoded and decoded in between (plateaus in the packed
/// form the store keeps).
@Suite struct ProgressCursorTests {
  typealias F = ProgressFactory

  /// Half a year of bench and squat sessions: rising, stalling, failing, on runs of consecutive
  /// days and with gaps, so records, plateaus, streaks, volume and week runs all happen.
  static let history: [Session] = {
    var seed: UInt64 = 42
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var sessions: [Session] = []
    var day = TestZones.date("2026-03-02")
    var bench = 60.0
    for _ in 0..<120 {
      day = day.adding(days: [1, 1, 1, 2, 3][next(5)])
      switch next(6) {
      case 0: bench += 2.5
      case 1: bench -= 2.5
      default: break
      }
      let failed = next(9) == 0
      sessions.append(
        F.session(
          day.description,
          [
            (
              "Bench Press (Barbell)",
              [F.set(40, 10, kind: .warmup), F.set(bench, 5), F.set(bench, 5 + next(3))]
            ),
            ("Squat (Barbell)", [F.set(bench * 1.3, 5, kind: failed ? .failure : .normal)]),
          ]))
    }
    return sessions
  }()

  static func roundTrip<State: Codable>(_ state: State) throws -> State {
    try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state))
  }

  @Test func achievementsResumedAtAnySessionAreWhatOneReplayFinds() throws {
    let detector = AchievementDetector(
      settings: AchievementSettings(), weightUnit: .kilograms, clock: TestZones.berlinClock, weeklyTarget: 3)
    let ordered = AchievementDetector.ordered(Self.history)
    var whole = AchievementDetector.State()
    let all = detector.detect(ordered[...], state: &whole)
    #expect(
      Set(all.map(\.kind)) == [.weightRecord, .oneRepMaxRecord, .repsRecord, .streak, .volume, .consistency])
    #expect(all == detector.detect(Self.history))
    for split in stride(from: 0, through: ordered.count, by: 7) {
      var state = AchievementDetector.State()
      var found = detector.detect(ordered[..<split], state: &state)
      state = try Self.roundTrip(state)
      found += detector.detect(ordered[split...], state: &state)
      #expect(found == all, "split at \(split)")
      #expect(state == whole, "split at \(split)")
    }
  }

  @Test func plateausResumedAtAnySessionAreWhatOneReplayFinds() throws {
    let detector = PlateauDetector(
      matcher: LiftMatcher(names: OverloadSettings.defaultLifts), clock: TestZones.berlinClock)
    let ordered = AchievementDetector.ordered(Self.history)
    let all = detector.detect(Self.history)
    #expect(all.count >= 3)
    #expect(all.contains { $0.isCurrent } || all.contains { !$0.isCurrent })
    for split in stride(from: 0, through: ordered.count, by: 5) {
      var state = PlateauDetector.State()
      detector.detect(ordered[..<split], state: &state)
      // Through the store's packed form.
      state = try #require(PlateauStateCoder.encode(state).withUnsafeBytes(PlateauStateCoder.decode))
      detector.detect(ordered[split...], state: &state)
      #expect(state.plateaus == all, "split at \(split)")
    }
  }
  /// A stored plateau state the detector could not have left (an index past the plateaus, a
  /// plateau without sessions) does not decode, so detection replays instead of indexing out of
  /// range; the state detection leaves encodes in the lifts' order, the same bytes each time.
  @Test func aDamagedPlateauStateIsRefusedAndAGoodOneEncodesAlike() throws {
    let detector = PlateauDetector(
      matcher: LiftMatcher(names: OverloadSettings.defaultLifts), clock: TestZones.berlinClock)
    var state = PlateauDetector.State()
    detector.detect(AchievementDetector.ordered(Self.history)[...], state: &state)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let bytes = try encoder.encode(state)
    #expect(try encoder.encode(try JSONDecoder().decode(PlateauDetector.State.self, from: bytes)) == bytes)
    var json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    // A lift's latest plateau, pointing past the plateaus (as key, value pairs, the form Swift
    // gives a dictionary with struct keys).
    let plateauList = try #require(json["plateaus"] as? [[String: Any]])
    let lift = try #require(plateauList.first?["lift"])
    json["latest"] = [lift, 99]
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        PlateauDetector.State.self, from: try JSONSerialization.data(withJSONObject: json))
    }
    var plateaus =
      try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])["plateaus"]
      as? [[String: Any]]
    plateaus?[0]["sessionIDs"] = [String]()
    json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    json["plateaus"] = plateaus
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        PlateauDetector.State.self, from: try JSONSerialization.data(withJSONObject: json))
    }
  }
}
