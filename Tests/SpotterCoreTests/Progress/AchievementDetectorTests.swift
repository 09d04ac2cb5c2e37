import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// Seed 000 §4 and seed 002's records: what counts, what does not, and when.
@Suite struct AchievementDetectorTests {
  typealias F = ProgressFactory

  func detector(_ settings: AchievementSettings = AchievementSettings(), weeklyTarget: Int? = nil)
    -> AchievementDetector
  {
    AchievementDetector(
      settings: settings, weightUnit: .kilograms, clock: TestZones.berlinClock, weeklyTarget: weeklyTarget)
  }

  func records(_ sessions: [Session], _ settings: AchievementSettings = AchievementSettings())
    -> [Achievement]
  {
    detector(settings).detect(sessions).filter(\.kind.isRecord)
  }

  /// `ordered` hands a list already in order back as it is; whatever it is given, it says what
  /// the completed sessions sorted by start and id say, equal starts and marked sessions too.
  @Test func orderedIsTheCompletedSessionsByStartAndID() {
    func plain(_ sessions: [Session]) -> [Session] {
      sessions.filter { $0.state == .completed }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
    var sessions = F.daily(from: "2026-10-01", count: 30)
    // Two sessions at one start, in id order, as the store gives them.
    sessions.insert(F.session("2026-10-05", [("Squat", [F.set(60, 5)])], id: "s-2026-10-05-b"), at: 5)
    #expect(AchievementDetector.ordered(sessions).map(\.id) == plain(sessions).map(\.id))
    var generator = SeededGenerator(seed: 7)
    for round in 0..<20 {
      var shuffled = sessions.shuffled(using: &generator)
      if round % 2 == 1 {
        shuffled[round].mark(SessionState.abandoned, at: shuffled[round].start)
        shuffled[round + 3].mark(SessionState.paused, at: shuffled[round + 3].start)
      }
      #expect(AchievementDetector.ordered(shuffled).map(\.id) == plain(shuffled).map(\.id))
      let completedInOrder = plain(shuffled)
      #expect(AchievementDetector.ordered(completedInOrder).map(\.id) == completedInOrder.map(\.id))
    }
  }

  @Test func aWeightRecordNeedsTheThresholdOverTheLastRecord() {
    let sessions = [
      F.session("2026-11-02", [("Bench Press", [F.set(100, 8)])]),
      F.session("2026-11-04", [("Bench Press", [F.set(101, 8)])]),
      F.session("2026-11-06", [("Bench Press", [F.set(102.5, 8), F.set(105, 8, kind: .warmup)])]),
    ]
    let weight = records(sessions).filter { $0.kind == .weightRecord }
    #expect(weight.count == 1)
    #expect(weight.first?.value == 102.5)
    #expect(weight.first?.previous == 100)
    #expect(weight.first?.reps == 8)
    #expect(weight.first?.sessionID == "s-2026-11-06")
    let strict = records(sessions, AchievementSettings(recordThreshold: 0.5)).filter {
      $0.kind == .weightRecord
    }
    #expect(strict.map(\.value) == [101, 102.5])
  }

  @Test func brzyckiEstimatesTheOneRepMax() {
    #expect(abs(AchievementDetector.brzycki(weight: 100, reps: 8) - 124.1379) < 0.001)
    let sessions = [
      F.session("2026-11-02", [("Bench Press", [F.set(100, 5)])]),
      F.session("2026-11-04", [("Bench Press", [F.set(100, 8)])]),
    ]
    let oneRepMax = records(sessions).filter { $0.kind == .oneRepMaxRecord }
    #expect(oneRepMax.map(\.value) == [124.1])
    #expect(oneRepMax.first?.previous == 112.5)
  }

  @Test func mostRepsAtAWeight() {
    let sessions = [
      F.session("2026-11-02", [("Pull Up", [F.set(10, 6)])]),
      F.session("2026-11-04", [("Pull Up", [F.set(10, 9), F.set(10, 7)])]),
    ]
    let reps = records(sessions).filter { $0.kind == .repsRecord }
    #expect(reps.map(\.value) == [9])
    #expect(reps.first?.previous == 6)
    #expect(reps.first?.weight == 10)
  }

  @Test func warmUpsIncompleteSetsAndPseudoRowsNeverCount() {
    let sessions = [
      F.session("2026-11-02", [("Bench Press", [F.set(100, 8)])]),
      F.session(
        "2026-11-04",
        [
          ("Bench Press", [F.set(120, 8, kind: .warmup), F.set(120, 8, completed: false)]),
          ("Rest Timer", [F.set(500, 8)]),
        ]),
    ]
    #expect(records(sessions).isEmpty)
    #expect(detector().detect(sessions).allSatisfy { $0.exercise != "Rest Timer" })
  }

  @Test func streaksOf7And30ConsecutiveDays() {
    let found = detector().detect(F.daily(from: "2026-10-01", count: 31)).filter { $0.kind == .streak }
    #expect(found.map(\.value) == [7, 30])
    #expect(found.first?.sessionID == "s-2026-10-07")
    let broken = F.daily(from: "2026-10-01", count: 6) + F.daily(from: "2026-10-08", count: 7)
    let again = detector().detect(broken).filter { $0.kind == .streak }
    #expect(again.map(\.sessionID) == ["s-2026-10-14"])
  }

  @Test func twelveWeeksMeetingTheWeeklyFrequency() {
    // Mondays and Thursdays for 12 weeks from Monday 2026-08-03.
    var sessions: [Session] = []
    for week in 0..<12 {
      for day in [0, 3] {
        sessions.append(F.session(TestZones.date("2026-08-03").adding(days: week * 7 + day).description, []))
      }
    }
    let found = detector(weeklyTarget: 2).detect(sessions).filter { $0.kind == .consistency }
    #expect(found.count == 1)
    #expect(found.first?.sessionID == "s-2026-10-22")
    #expect(detector(weeklyTarget: 3).detect(sessions).filter { $0.kind == .consistency }.isEmpty)
  }

  @Test func volumeMilestones() {
    #expect(AchievementDetector.volumeMilestone(after: 0) == 10_000)
    #expect(AchievementDetector.volumeMilestone(after: 10_000) == 50_000)
    #expect(AchievementDetector.volumeMilestone(after: 99_999) == 100_000)
    #expect(AchievementDetector.volumeMilestone(after: 100_000) == 200_000)
    #expect(AchievementDetector.volumeMilestone(after: 250_000) == 300_000)
    // 100 kg × 10 × 10 sets = 10,000 kg a session.
    let sets = Array(repeating: F.set(100, 10), count: 10)
    let found = detector().detect(
      F.daily(from: "2026-01-01", count: 20, sets: sets).enumerated().map {
        var session = $0.element
        session.start = session.start.addingTimeInterval(Double($0.offset) * 86400 * 2)
        return session
      }
    ).filter { $0.kind == .volume }
    #expect(found.map(\.value) == [10_000, 50_000, 100_000, 200_000])
  }

  @Test func eachKindCanBeSwitchedOff() {
    let sessions = F.daily(
      from: "2026-10-01", count: 8, sets: [F.set(100, 10)] + Array(repeating: F.set(110, 10), count: 9))
    let all = detector().detect(sessions)
    #expect(Set(all.map(\.kind)).isSuperset(of: [.streak, .volume]))
    let off = detector(AchievementSettings(records: false, streaks: false, consistency: false, volume: false))
    #expect(off.detect(sessions).isEmpty)
  }

  @Test func keysNameTheSessionSoNothingRepeats() {
    let sessions = [
      F.session("2026-11-02", [("Bench Press", [F.set(100, 8)])]),
      F.session("2026-11-04", [("Bench Press", [F.set(105, 8)])]),
    ]
    let first = detector().detect(sessions).map(\.key)
    #expect(first == detector().detect(sessions.reversed()).map(\.key))
    #expect(Set(first).count == first.count)
  }

  /// Stores written before the import checks can hold such sets; they must not crash or hang
  /// the nightly run, nor be announced.
  @Test(arguments: [1e300, 1e12, .infinity, -5])
  func anImpossibleStoredWeightIsLeftOutNotFatal(weight: Double) {
    let sessions = [
      F.session("2026-11-02", [("Bench Press (Barbell)", [F.set(100, 8)])]),
      F.session("2026-11-04", [("Bench Press (Barbell)", [F.set(weight, 8), F.set(100, 8)])]),
      F.session("2026-11-06", [("Bench Press (Barbell)", [F.set(100, 8)])]),
      F.session("2026-11-09", [("Bench Press (Barbell)", [F.set(100, 8)])]),
    ]
    let found = detector().detect(sessions)
    #expect(!found.contains { $0.value >= 1500 && $0.kind.isRecord })
    #expect(found.filter { $0.kind == .volume }.isEmpty)
    let plateaus = PlateauDetector(matcher: LiftMatcher(names: []), clock: TestZones.berlinClock).detect(
      sessions)
    #expect(plateaus.allSatisfy { $0.weight == 100 })
  }

  @Test func aSessionCrossingManyVolumeMilestonesAnnouncesOnlyTheHighest() {
    // 1500 kg × 9999 reps × 10 sets: 150 million kg in one session, 1,500 milestones.
    let sets = Array(repeating: F.set(1500, 9999), count: 10)
    let found = detector().detect([F.session("2026-11-02", [("Leg Press", sets)])]).filter {
      $0.kind == .volume
    }
    #expect(found.map(\.value) == [149_900_000])
  }
}
