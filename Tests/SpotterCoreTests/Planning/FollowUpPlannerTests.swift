import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// When achievements are announced: at the session's end, else at the next minute outside quiet
/// hours; once; and never for what was earned long before Spotter saw it.
@Suite struct FollowUpPlannerTests {
  typealias F = ProgressFactory
  let clock = TestZones.berlinClock

  func sessions(endingAt end: String) -> [Session] {
    var last = F.session("2026-11-20", [("Bench Press", [F.set(105, 8)])])
    last.end = TestZones.instant(end)
    return [F.session("2026-11-18", [("Bench Press", [F.set(100, 8)])]), last]
  }

  func plan(
    _ sessions: [Session], now: String, quiet: Bool = true, stored: [Achievement] = [], digest: String? = nil
  ) -> FollowUpPlanner.Result {
    var settings = Settings(timeZone: TestZones.berlin)
    if quiet {
      settings.quietHours = QuietHours(
        start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 7, minute: 0))
    }
    let pattern = PatternLearner().learn(from: sessions, today: TestZones.date("2026-11-21"), clock: clock)
    return FollowUpPlanner(settings: settings).plan(
      sessions: sessions, pattern: pattern, upcoming: [], known: [:], achievements: stored,
      now: TestZones.instant(now), lastAchievementDigest: digest)
  }

  @Test func aPassedEndFiresAtTheNextMinuteOutsideQuietHours() {
    let late = plan(sessions(endingAt: "2026-11-20T21:50:00+01:00"), now: "2026-11-20T23:30:00+01:00")
    #expect(late.reminders.map { clock.local($0.fire).minuteText } == ["2026-11-21 07:00"])
    #expect(
      late.newAchievements.allSatisfy { $0.announceAt == TestZones.instant("2026-11-21T07:00:00+01:00") })
    let soon = plan(
      sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-20T19:10:20+01:00", quiet: false)
    #expect(soon.reminders.map { clock.local($0.fire).minuteText } == ["2026-11-20 19:11"])
    #expect(soon.reminders.first?.uid == "achievement-s-2026-11-20-2026-11-20@spotter")
  }

  @Test func storedAchievementsAreNotNewAndKeepTheirTime() {
    let first = plan(sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-20T19:10:00+01:00")
    let again = plan(
      sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-20T20:00:00+01:00",
      stored: first.newAchievements)
    #expect(again.newAchievements.isEmpty)
    #expect(again.reminders == first.reminders)
  }

  @Test func earnedMoreThan24HoursAgoIsRecordedSilently() {
    let old = plan(sessions(endingAt: "2026-11-20T19:00:00+01:00"), now: "2026-11-21T19:00:01+01:00")
    #expect(!old.newAchievements.isEmpty)
    #expect(old.newAchievements.allSatisfy { $0.announceAt == nil })
    #expect(old.reminders.isEmpty)
  }

  /// Detection is skipped only while everything it reads is as it was; what it would find then
  /// is all stored already, so the result is the same as detecting.
  @Test func anUnchangedHistoryIsNotReplayedForAchievements() {
    let history = sessions(endingAt: "2026-11-20T19:00:00+01:00")
    let first = plan(history, now: "2026-11-20T19:10:00+01:00")
    let digest = try? #require(first.achievementDigest)
    let stored = first.newAchievements
    let detected = plan(history, now: "2026-11-20T20:00:00+01:00", stored: stored)
    let skipped = plan(history, now: "2026-11-20T20:00:00+01:00", stored: stored, digest: digest)
    #expect(skipped.newAchievements.isEmpty && detected.newAchievements.isEmpty)
    #expect(skipped.reminders == detected.reminders)
    #expect(skipped.achievementDigest == digest)
    // A corrected weight is a change: detection runs and finds the record again.
    var corrected = history
    corrected[1].exercises[0].sets[0].weight = 110
    let changed = plan(corrected, now: "2026-11-20T20:00:00+01:00", digest: digest)
    #expect(changed.achievementDigest != digest)
    #expect(!changed.newAchievements.isEmpty)
  }

  @Test func plateausComeFromTheCacheOnlyWhileItsDigestHolds() throws {
    let bench = { (date: String) in
      F.session(date, [("Bench Press (Barbell)", [F.set(100, 5), F.set(100, 5)])])
    }
    let history = [bench("2026-11-02"), bench("2026-11-09"), bench("2026-11-16")]
    let settings = Settings(timeZone: TestZones.berlin)
    let pattern = PatternLearner().learn(from: history, today: TestZones.date("2026-11-21"), clock: clock)
    let planner = FollowUpPlanner(settings: settings)
    let now = TestZones.instant("2026-11-21T12:00:00+01:00")
    let first = planner.plan(
      sessions: history, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now)
    let cache = try #require(first.plateauCache)
    #expect(cache.plateaus.map(\.weight) == [100])
    // The same history: the cache is used as it is (a doctored one shows it was not recomputed).
    var doctored = cache
    doctored.plateaus[0].weight = 90
    let cached = planner.plan(
      sessions: history, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now,
      plateauCache: doctored)
    #expect(cached.plateauCache?.plateaus.map(\.weight) == [90])
    // Another session: found again.
    let grown = history + [F.session("2026-11-20", [("Bench Press (Barbell)", [F.set(102.5, 5)])])]
    let fresh = planner.plan(
      sessions: grown, pattern: pattern, upcoming: [], known: [:], achievements: [], now: now,
      plateauCache: doctored)
    #expect(fresh.plateauCache?.digest != cache.digest)
    #expect(fresh.plateauCache?.plateaus.allSatisfy { $0.weight != 90 } == true)
  }
}
