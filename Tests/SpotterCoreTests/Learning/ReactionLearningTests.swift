import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// How reactions to reminders move what the learner says about a weekday.
@Suite struct ReactionLearningTests {
  let learner = PatternLearner()
  let clock = TestZones.berlinClock
  /// Sunday evening: Monday 2026-11-23 is planned next.
  let now = TestZones.berlinClock.instant(TestZones.date("2026-11-22"), LocalTime(hour: 21, minute: 30))
  let habit = SessionFactory.weekly(
    [.monday, .wednesday, .friday], at: "18:00", weeks: 10, until: "2026-11-22")

  func day(_ text: String) -> LocalDate { TestZones.date(text) }

  @Test func repeatedSnoozesMoveTheWeekdaysAlarmLaterByTheSnoozedTime() {
    let snoozes = ["2026-11-02", "2026-11-09", "2026-11-16"].flatMap {
      [
        ReminderReaction(date: day($0), kind: .delivered),
        ReminderReaction(date: day($0), kind: .snoozed, snoozedMinutes: 40),
      ]
    }
    let plain = learner.learn(from: habit, now: now, clock: clock)
    let moved = learner.learn(from: habit, reactions: snoozes, now: now, clock: clock)
    #expect(plain[.monday].plannedStart == LocalTime(hour: 18, minute: 0))
    // 40 minutes asked, 30 taken: the alarm (30 minutes before) comes at the logged start, never after.
    #expect(moved[.monday].plannedStart == LocalTime(hour: 18, minute: 30))
    #expect(moved[.monday].usualStart == LocalTime(hour: 18, minute: 0))
    #expect(
      moved[.monday].reactions == WeekdayReactions(days: 3, snoozed: 3, declined: 0, alarmLaterMinutes: 30))
    // The other weekdays are untouched, and one snooze is a one-off.
    #expect(moved[.wednesday] == plain[.wednesday])
    let once = learner.learn(from: habit, reactions: Array(snoozes.suffix(2)), now: now, clock: clock)
    #expect(once[.monday].reactions?.alarmLaterMinutes == nil)
  }

  @Test func repeatedSkipsOrRemindersWithNothingAfterThemLowerTheWeekday() {
    // Wednesdays 11 and 18 November: delivered, no session; the habit lacks them.
    let sessions = habit.filter {
      !["2026-11-11", "2026-11-18"].contains(clock.localDate($0.start).description)
    }
    let unanswered = [
      ReminderReaction(date: day("2026-11-11"), kind: .delivered),
      ReminderReaction(date: day("2026-11-18"), kind: .delivered),
    ]
    let plain = learner.learn(from: sessions, now: now, clock: clock)
    let lowered = learner.learn(from: sessions, reactions: unanswered, now: now, clock: clock)
    #expect(lowered[.wednesday].confidence == PatternLearner.round3(plain[.wednesday].confidence * 0.5))
    #expect(lowered[.wednesday].reactions?.declined == 2)
    #expect(lowered[.wednesday].reactions?.confidenceBefore == plain[.wednesday].confidence)
    // Skips count the same; a reminder followed by a session does not.
    let skips = unanswered.map { ReminderReaction(date: $0.date, kind: .skipped) }
    #expect(
      learner.learn(from: sessions, reactions: skips, now: now, clock: clock)[.wednesday]
        == lowered[.wednesday])
    let answered = [
      ReminderReaction(date: day("2026-11-04"), kind: .delivered),
      ReminderReaction(date: day("2026-10-28"), kind: .delivered),
    ]
    let kept = learner.learn(from: sessions, reactions: answered, now: now, clock: clock)
    #expect(kept[.wednesday].confidence == plain[.wednesday].confidence)
    #expect(kept[.wednesday].reactions?.declined == 0)
  }

  @Test func aDoneMarkCountsAsTrainingThatDay() {
    // Fridays 13 and 20 November were not logged but marked done.
    let sessions = habit.filter {
      !["2026-11-13", "2026-11-20"].contains(clock.localDate($0.start).description)
    }
    let done = ["2026-11-13", "2026-11-20"].flatMap {
      [ReminderReaction(date: day($0), kind: .delivered), ReminderReaction(date: day($0), kind: .done)]
    }
    let missed = learner.learn(from: sessions, now: now, clock: clock)
    let marked = learner.learn(from: sessions, reactions: done, now: now, clock: clock)
    let full = learner.learn(from: habit, now: now, clock: clock)
    #expect(marked[.friday].probability == full[.friday].probability)
    #expect(marked[.friday].probability > missed[.friday].probability)
    #expect(marked[.friday].reactions?.declined == 0)
    // The done days say nothing about the time: the usual start stays the logged one.
    #expect(marked[.friday].plannedStart == LocalTime(hour: 18, minute: 0))
  }

  @Test func collectReadsSnoozedMinutesFromTheFirstDelivery() {
    let date = day("2026-11-16")
    let fire = clock.instant(date, LocalTime(hour: 17, minute: 30))
    let uid = "workout-reminder-2026-11-16@spotter"
    let record = ReminderRecord(
      uid: uid, kind: .workout, date: date, status: .confirmed, sequence: 1, stamp: fire,
      start: fire.addingTimeInterval(1800), end: fire.addingTimeInterval(5400),
      fire: fire.addingTimeInterval(2760), title: "Workout Time!", body: "")
    let delivery = Delivery(
      record, round: 0, channel: "c", at: fire, outcome: .delivered, reason: "")
    var first = delivery
    first.fire = fire
    let action = ReminderAction(uid: uid, round: 1, snoozedUntil: fire.addingTimeInterval(46 * 60))
    let reactions = ReminderReaction.collect(
      reminders: [record], actions: [uid: action], deliveries: [first], skipped: [day("2026-11-18")])
    #expect(
      reactions == [
        ReminderReaction(date: date, kind: .delivered),
        ReminderReaction(date: date, kind: .snoozed, snoozedMinutes: 46),
        ReminderReaction(date: day("2026-11-18"), kind: .skipped),
      ])
    // Snoozed before it was ever delivered: a snooze, but nothing the person saw moved.
    let early = ReminderReaction.collect(
      reminders: [record], actions: [uid: action], deliveries: [], skipped: [])
    #expect(early == [ReminderReaction(date: date, kind: .snoozed)])
  }

  /// Two ignored Tuesdays, then six weeks of Tuesday training: the sessions lift the penalty at
  /// once (the silenced weekday gets no new reminders to react to).
  @Test func sessionsOnASilencedWeekdayLiftItsPenalty() {
    let tuesdays = SessionFactory.weekly([.tuesday], at: "18:00", weeks: 6, until: "2026-11-22")
    let before = SessionFactory.weekly([.monday, .thursday], at: "18:00", weeks: 10, until: "2026-11-22")
    let ignored = [
      ReminderReaction(date: day("2026-10-06"), kind: .delivered),
      ReminderReaction(date: day("2026-09-29"), kind: .delivered),
    ]
    let pattern = learner.learn(from: before + tuesdays, reactions: ignored, now: now, clock: clock)
    let plain = learner.learn(from: before + tuesdays, now: now, clock: clock)
    #expect(pattern[.tuesday].confidence == plain[.tuesday].confidence, "\(pattern[.tuesday])")
    #expect(pattern[.tuesday].confidence >= Settings.defaultMinimumConfidence)
  }

  /// After an ignored Tuesday and a skipped Wednesday, a Thursday never trained gets no reminder
  /// from the gap since Monday.
  @Test func aWeekdayNeverTrainedIsNoTrainingDayByTheGapAlone() {
    let sessions = SessionFactory.weekly(
      [.monday, .tuesday, .wednesday], at: "18:00", weeks: 8, until: "2026-11-16")
    // Tomorrow is Thursday 2026-11-19: the last session was Monday the 16th.
    let evening = clock.instant(day("2026-11-18"), LocalTime(hour: 21, minute: 30))
    let reactions = [
      ReminderReaction(date: day("2026-11-17"), kind: .delivered),
      ReminderReaction(date: day("2026-11-18"), kind: .skipped),
    ]
    let pattern = learner.learn(from: sessions, reactions: reactions, now: evening, clock: clock)
    #expect(pattern[.thursday].sessionCount == 0)
    #expect(pattern[.thursday].confidence < Settings.defaultMinimumConfidence, "\(pattern[.thursday])")
  }
}
