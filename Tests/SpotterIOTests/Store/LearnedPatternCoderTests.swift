import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The learned pattern survives the store exactly, every field of it; a damaged blob is refused,
/// never a crash (the run then learns afresh); and a field added to the pattern cannot be left
/// out of the layout unnoticed.
@Suite struct LearnedPatternCoderTests {
  /// A pattern learned from a real history, with every optional field set somewhere.
  static func learned() -> LearnedPattern {
    let clock = TestZones.berlinClock
    let sessions = (0..<30).map { index -> Session in
      let day = TestZones.date("2026-09-07").adding(days: index * 7 / 3)
      let start = clock.instant(day, LocalTime(hour: 18, minute: index % 4 * 10))
      return Session(
        id: "s\(index)", source: .json, workoutName: "Push", start: start, end: start.addingTimeInterval(3600)
      )
    }
    var pattern = PatternLearner(leadMinutes: 30).learn(
      from: sessions, now: clock.instant(TestZones.date("2026-11-23"), LocalTime(hour: 12, minute: 0)),
      clock: clock)
    pattern.returnedOn = TestZones.date("2026-11-16")
    pattern.silentSince = TestZones.date("2026-11-13")
    pattern.habitChange = true
    pattern.nameReading = .lastWeek
    pattern.weekdays[2].usualStart = LocalTime(hour: 17, minute: 55)
    pattern.weekdays[2].secondStart = LocalTime(hour: 6, minute: 5)
    pattern.weekdays[2].startSource = "every other week"
    pattern.weekdays[3].reactions = WeekdayReactions(
      days: 4, snoozed: 1, declined: 2, alarmLaterMinutes: 40, confidenceBefore: 0.78)
    pattern.weekdays[4].reactions = WeekdayReactions(days: 1, snoozed: 0, declined: 1)
    return LearnedPattern(key: "2026-11-23 5f0c1d2e3b4a6978", pattern: pattern)
  }

  @Test func aPatternRoundTripsByteForByte() throws {
    let learned = Self.learned()
    #expect(learned.pattern.weekdays.contains { $0.plannedStart != nil && $0.spreadMinutes != nil })
    let bytes = LearnedPatternCoder.encode(learned)
    let decoded = try #require(bytes.withUnsafeBytes(LearnedPatternCoder.decode))
    #expect(decoded == learned)
    #expect(LearnedPatternCoder.encode(decoded) == bytes)
  }

  @Test func aDamagedPatternIsRefused() {
    let bytes = LearnedPatternCoder.encode(Self.learned())
    PackedBlobDamage.expectRefused(
      bytes, version: LearnedPatternCoder.version, decode: LearnedPatternCoder.decode)
    // Every single byte changed decodes to nil or to some pattern, never a crash; one that
    // promises billions of heat rows is refused before anything is reserved.
    for index in bytes.indices {
      var flipped = bytes
      flipped[index] ^= 0xFF
      _ = flipped.withUnsafeBytes(LearnedPatternCoder.decode)
    }
    // This version, an empty key, day 0, no sessions, no habit change, no return, no silence, no
    // reading, then Int32.max heat rows: refused by the rows left, not by the version byte.
    let promise: [UInt8] = [LearnedPatternCoder.version, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x07]
    #expect(promise.withUnsafeBytes(LearnedPatternCoder.decode) == nil)
    // The same blob with no rows promised decodes (to an ill-formed pattern the store refuses),
    // so it is the promise that is refused above.
    let none: [UInt8] = [LearnedPatternCoder.version, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    #expect(none.withUnsafeBytes(LearnedPatternCoder.decode)?.isWellFormed == false)
  }

  /// Each type the layout holds has as many stored properties as the layout knows: a new field
  /// fails here until the coder writes it.
  @Test func theLayoutHoldsEveryField() {
    let learned = Self.learned()
    let counts = [
      "LearnedPattern": Mirror(reflecting: learned).children.count,
      "TrainingPattern": Mirror(reflecting: learned.pattern).children.count,
      "WeekdayPattern": Mirror(reflecting: learned.pattern.weekdays[0]).children.count,
      "WeekdayReactions": Mirror(reflecting: WeekdayReactions(days: 0, snoozed: 0, declined: 0)).children
        .count,
    ]
    #expect(counts == LearnedPatternCoder.fieldCounts)
  }
}
