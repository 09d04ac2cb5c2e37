import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct PatternLearnerTests {
  let learner = PatternLearner()
  let clock = TestZones.berlinClock
  let today = TestZones.date("2026-11-22")

  @Test func learnsAClearMondayWednesdayFridayHabit() {
    let sessions = SessionFactory.weekly(
      [.monday, .wednesday, .friday], at: "18:00", weeks: 12, until: "2026-11-22")
    let pattern = learner.learn(from: sessions, today: today, clock: clock)
    #expect(pattern.trainingDays(minimumConfidence: 0.5) == [.monday, .wednesday, .friday])
    #expect(pattern[.monday].usualStart == LocalTime(hour: 18, minute: 0))
    #expect(pattern[.monday].confidence > 0.9)
    #expect(pattern[.tuesday].confidence == 0)
    #expect(pattern[.friday].typicalDurationMinutes == 60)
  }

  @Test func usualTimeIgnoresAnOutlier() {
    var sessions = SessionFactory.weekly([.monday], at: "18:10", weeks: 8, until: "2026-11-22")
    sessions.append(SessionFactory.session("2026-11-16", "06:30"))
    sessions.removeAll {
      clock.localDate($0.start) == TestZones.date("2026-11-16") && $0.id.hasSuffix("18:10")
    }
    let pattern = learner.learn(from: sessions, today: today, clock: clock)
    #expect(pattern[.monday].usualStart == LocalTime(hour: 18, minute: 10))
  }

  @Test func aChangedRoutineShowsWithinThreeWeeks() {
    var sessions = SessionFactory.weekly(
      [.monday, .wednesday, .friday], at: "18:00", weeks: 12, until: "2026-11-01")
    sessions += SessionFactory.weekly([.tuesday, .thursday], at: "07:00", weeks: 3, until: "2026-11-22")
    let pattern = learner.learn(from: sessions, today: today, clock: clock)
    #expect(pattern.trainingDays(minimumConfidence: 0.5) == [.tuesday, .thursday])
    #expect(pattern[.tuesday].usualStart == LocalTime(hour: 7, minute: 0))
    #expect(pattern[.monday].confidence < 0.5)
  }

  @Test func oneSessionIsNotAPattern() {
    let pattern = learner.learn(
      from: [SessionFactory.session("2026-11-16", "18:00")], today: today, clock: clock)
    #expect(pattern[.monday].probability == 1)
    #expect(pattern[.monday].confidence < 0.5)
    #expect(pattern.trainingDays(minimumConfidence: 0.5).isEmpty)
  }

  @Test func sparseDataGivesLowConfidence() {
    let sessions = [
      SessionFactory.session("2026-09-07", "18:00"), SessionFactory.session("2026-10-19", "18:00"),
      SessionFactory.session("2026-11-09", "18:00"),
    ]
    let pattern = learner.learn(from: sessions, today: today, clock: clock)
    #expect(pattern[.monday].confidence < 0.5)
    #expect(pattern[.monday].sessionCount == 3)
  }

  @Test func startTimesAroundMidnightAverageOnTheCircle() {
    let sessions = [
      SessionFactory.session("2026-10-26", "23:40"), SessionFactory.session("2026-11-02", "23:50"),
      SessionFactory.session("2026-11-09", "00:10"), SessionFactory.session("2026-11-16", "00:20"),
    ]
    let pattern = learner.learn(from: sessions, today: today, clock: clock)
    let usual = pattern[.monday].usualStart!.minuteOfDay
    // A linear mean would give noon; the circular median stays within ten minutes of midnight.
    #expect(usual <= 10 || usual >= 1430)
  }

  @Test func ignoresUnfinishedAndFutureSessions() {
    let sessions = [
      SessionFactory.session("2026-11-16", "18:00", state: .paused),
      SessionFactory.session("2026-11-23", "18:00"),
    ]
    let pattern = learner.learn(from: sessions, today: today, clock: clock)
    #expect(pattern.sessionsConsidered == 0)
  }
}
