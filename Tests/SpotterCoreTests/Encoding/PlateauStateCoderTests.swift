import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// Where plateau detection stopped survives the store exactly, in the same bytes whatever order
/// the dictionaries were filled in, and only a state detection can leave decodes: anything else
/// is nil, never a crash, and the night replays detection from the start.
@Suite struct PlateauStateCoderTests {
  static let clock = TestZones.berlinClock

  /// Half a year of detection (plateaus ended, runs under way), then four deadlift sessions at
  /// one weight (a current plateau), plus a run of a lift the user named (no German name) in
  /// pounds.
  static func state() -> PlateauDetector.State {
    var state = PlateauDetector.State()
    let detector = PlateauDetector(matcher: LiftMatcher(names: OverloadSettings.defaultLifts), clock: clock)
    detector.detect(AchievementDetector.ordered(ProgressCursorTests.history)[...], state: &state)
    let deadlifts = ["2027-06-01", "2027-06-03", "2027-06-05", "2027-06-08"].map {
      ProgressFactory.session($0, [("Deadlift (Barbell)", [ProgressFactory.set(140, 5)])])
    }
    detector.detect(AchievementDetector.ordered(deadlifts)[...], state: &state)
    let own = Lift(name: "Zercher Squat", germanName: nil, lowerBody: true)
    state.runs[own] = PlateauDetector.Run(
      kilograms: 90.7, weight: 200, unit: .pounds, sessionIDs: ["z1", "z2"])
    return state
  }

  @Test func aStateRoundTripsByteForByte() throws {
    let state = Self.state()
    #expect(state.plateaus.count >= 3 && state.plateaus.contains { $0.isCurrent })
    #expect(state.plateaus.contains { !$0.isCurrent } && !state.latest.isEmpty && state.runs.count >= 2)
    let bytes = PlateauStateCoder.encode(state)
    let decoded = try #require(bytes.withUnsafeBytes(PlateauStateCoder.decode))
    #expect(decoded == state)
    #expect(PlateauStateCoder.encode(decoded) == bytes)
    #expect(decoded.plateaus.map(\.formedAt) == state.plateaus.map(\.formedAt))
    #expect(
      PlateauStateCoder.encode(PlateauDetector.State()).withUnsafeBytes(PlateauStateCoder.decode)
        == PlateauDetector.State())
  }

  /// The same state filled in another order (and lifts that differ only by a missing or empty
  /// German name) gives the same bytes.
  @Test func theSameStateIsTheSameBytes() throws {
    let state = Self.state()
    var reversed = PlateauDetector.State()
    reversed.plateaus = state.plateaus
    for (lift, run) in state.runs.sorted(by: { $0.key.slug > $1.key.slug }) { reversed.runs[lift] = run }
    for (lift, index) in state.latest.sorted(by: { $0.key.slug > $1.key.slug }) {
      reversed.latest[lift] = index
    }
    #expect(PlateauStateCoder.encode(reversed) == PlateauStateCoder.encode(state))
    var twins = PlateauDetector.State()
    let run = PlateauDetector.Run(kilograms: 50, weight: 50, unit: .kilograms, sessionIDs: ["a"])
    twins.runs[Lift(name: "Row", germanName: "", lowerBody: false)] = run
    twins.runs[Lift(name: "Row", germanName: nil, lowerBody: false)] = run
    let bytes = PlateauStateCoder.encode(twins)
    #expect(bytes.withUnsafeBytes(PlateauStateCoder.decode) == twins)
  }

  @Test func aDamagedStateIsRefused() {
    PackedBlobDamage.expectRefused(
      PlateauStateCoder.encode(Self.state()), version: PlateauStateCoder.version,
      decode: PlateauStateCoder.decode)
  }

  /// Blobs that are well formed byte by byte but no state detection leaves.
  @Test func aStateDetectionCannotLeaveIsRefused() {
    func lift(_ name: String) -> [UInt8] {
      var bytes: [UInt8] = []
      ByteWriter.appendText(name, to: &bytes)
      bytes += [0, 0]
      ByteWriter.appendText(name.lowercased(), to: &bytes)
      return bytes
    }
    func run(_ lift: UInt8, sessions: [String]) -> [UInt8] {
      var bytes: [UInt8] = [lift]
      ByteWriter.appendDouble(60, to: &bytes)
      ByteWriter.appendDouble(60, to: &bytes)
      bytes.append(0)
      ByteWriter.appendVarint(UInt64(sessions.count), to: &bytes)
      for id in sessions { ByteWriter.appendText(id, to: &bytes) }
      return bytes
    }
    let version = PlateauStateCoder.version
    let good: [UInt8] = [version, 2] + lift("A") + lift("B") + [1] + run(1, sessions: ["s"]) + [0, 0]
    #expect(good.withUnsafeBytes(PlateauStateCoder.decode)?.runs.count == 1)
    let refused: [String: [UInt8]] = [
      "lifts out of order": [version, 2] + lift("B") + lift("A") + [0, 0, 0],
      "the same lift twice": [version, 2] + lift("A") + lift("A") + [0, 0, 0],
      "a run of a lift not listed": [version, 2] + lift("A") + lift("B") + [1] + run(2, sessions: ["s"]) + [
        0, 0,
      ],
      "runs out of order": [version, 2] + lift("A") + lift("B") + [2] + run(1, sessions: ["s"])
        + run(0, sessions: ["s"]) + [0, 0],
      "a run without sessions": [version, 2] + lift("A") + lift("B") + [1] + run(1, sessions: []) + [0, 0],
      "a latest plateau past the plateaus": [version, 2] + lift("A") + lift("B") + [0, 0, 1, 0, 0],
      "a German-name flag of 2": [version, 1, 1, UInt8(ascii: "A"), 2, 0, 1, UInt8(ascii: "a"), 0, 0, 0],
      "two billion lifts promised": [version, 0xFF, 0xFF, 0xFF, 0xFF, 0x07],
    ]
    for (what, bytes) in refused {
      #expect(bytes.withUnsafeBytes(PlateauStateCoder.decode) == nil, "\(what)")
    }
  }

  /// Every third byte of a real blob set to a handful of values: nil or a state that survives the
  /// coder again, never a crash.
  @Test func everyOneByteDamageIsNilOrAWellFormedState() {
    let bytes = PlateauStateCoder.encode(Self.state())
    var decoded = 0
    for index in stride(from: 0, to: bytes.count, by: 3) {
      for value: UInt8 in [0, 0x80, 0xFF, bytes[index] ^ 0x41] where value != bytes[index] {
        var damaged = bytes
        damaged[index] = value
        guard let state = damaged.withUnsafeBytes(PlateauStateCoder.decode) else { continue }
        decoded += 1
        #expect(PlateauStateCoder.encode(state).withUnsafeBytes(PlateauStateCoder.decode) == state)
        #expect(state.latest.values.allSatisfy { state.plateaus.indices.contains($0) })
      }
    }
    #expect(decoded > 0)
  }
}
