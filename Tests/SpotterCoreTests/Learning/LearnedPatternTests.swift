import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// The key of a learned pattern names everything the learner reads, and nothing it does not.
@Suite struct LearnedPatternTests {
  let learner = PatternLearner()
  let clock = TestZones.berlinClock
  let sessions = SessionFactory.weekly([.monday, .thursday], at: "18:00", weeks: 8, until: "2026-11-22")
  let evening = TestZones.berlinClock.instant(TestZones.date("2026-11-22"), LocalTime(hour: 21, minute: 30))

  func key(_ sessions: [Session], _ reactions: [ReminderReaction] = [], now: Date? = nil) -> String {
    LearnedPattern.key(
      learner: learner, sessions: sessions, reactions: reactions, now: now ?? evening, clock: clock)
  }

  @Test func theSameInputsOnTheSameDayGiveTheSameKey() {
    #expect(key(sessions) == key(sessions))
    // Later the same evening: still the same day, the same sessions.
    #expect(key(sessions) == key(sessions, now: evening.addingTimeInterval(3600)))
    #expect(key(sessions).hasPrefix("2026-11-22 "))
  }

  @Test func whatTheLearnerReadsChangesTheKey() {
    var renamed = sessions
    renamed[3].workoutName = "Leg Day"
    var moved = sessions
    moved[3].start.addTimeInterval(60)
    var skipped = sessions
    skipped[3].state = .abandoned
    let reaction = ReminderReaction(date: TestZones.date("2026-11-19"), kind: .snoozed, snoozedMinutes: 20)
    let keys = [
      key(sessions), key(renamed), key(moved), key(skipped), key(Array(sessions.dropLast())),
      key(sessions, [reaction]), key(sessions, now: evening.addingTimeInterval(86_400)),
      LearnedPattern.key(
        learner: PatternLearner(leadMinutes: 45), sessions: sessions, reactions: [], now: evening,
        clock: clock),
      LearnedPattern.key(
        learner: learner, sessions: sessions, reactions: [], now: evening,
        clock: ZoneClock(timeZone: TimeZone(identifier: "America/New_York")!)),
    ]
    #expect(Set(keys).count == keys.count, "\(keys)")
  }

  /// A session that starts after `now` is not learned from, so the same list at an instant on
  /// either side of its start gives two keys.
  @Test func aSessionNotYetStartedChangesTheKeyOnceItStarts() {
    let later = SessionFactory.session("2026-11-22", "22:00")
    #expect(key(sessions + [later]) != key(sessions + [later], now: evening.addingTimeInterval(3600)))
  }

  /// The shipped values' digest, made once a process, is what spelling them out gives: a set of
  /// values one constant away differs from it in that constant's entry alone.
  @Test func theStandardDigestIsSpeltLikeAnyOther() {
    let standard = Set(LearningParameters.standard.digest.split(separator: " "))
    #expect(LearningParameters().digest == LearningParameters.standard.digest)
    var compared = 0
    for name in LearningParameters.tunableNames {
      var changed = LearningParameters.standard
      guard changed.set(name, to: 2) || changed.set(name, to: 1) || changed.set(name, to: 0),
        changed != .standard
      else { continue }
      let entries = Set(changed.digest.split(separator: " "))
      let differing = standard.symmetricDifference(entries).map { $0.split(separator: "=")[0] }
      #expect(differing == [Substring(name), Substring(name)], "\(name)")
      compared += 1
    }
    #expect(compared >= 10)
  }

  /// The learner's digest names every constant the parameters hold (their stored properties, as
  /// reflection lists them), and changing any tunable one changes the key: a constant left out
  /// would let a pattern learned under other values be reused.
  @Test func theParametersDigestNamesEveryConstant() {
    let digest = LearningParameters.standard.digest
    let named = Set(digest.split(separator: " ").map { String($0.split(separator: "=")[0]) })
    let stored = Set(Mirror(reflecting: LearningParameters.standard).children.compactMap(\.label))
    #expect(
      named == stored,
      "missing: \(stored.subtracting(named).sorted()), extra: \(named.subtracting(stored).sorted())")
    let standardKey = LearnedPattern.key(
      learner: learner, sessions: sessions, reactions: [], now: evening, clock: clock)
    for name in LearningParameters.tunableNames {
      var changed = LearningParameters.standard
      let moved = changed.set(name, to: 2) || changed.set(name, to: 1) || changed.set(name, to: 0)
      guard moved, changed != LearningParameters.standard else { continue }
      let key = LearnedPattern.key(
        learner: PatternLearner(leadMinutes: learner.leadMinutes, parameters: changed), sessions: sessions,
        reactions: [], now: evening, clock: clock)
      #expect(key != standardKey, "\(name)")
    }
  }
}
