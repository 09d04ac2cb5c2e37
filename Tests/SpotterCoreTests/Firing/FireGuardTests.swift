import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// Each fire-time rule on its own: seed 000's smart rules, the user's actions, and seed 004's
/// recovery window.
@Suite struct FireGuardTests {
  let rules = FireGuard(graceSeconds: 30 * 60, clock: TestZones.berlinClock)
  let fire = TestZones.instant("2026-11-23T17:30:00+01:00")

  func record(_ kind: ReminderKind = .workout, status: EventStatus = .confirmed) -> ReminderRecord {
    ReminderRecord(
      uid: Reminder.uid(kind: kind, entity: nil, date: TestZones.date("2026-11-23")), kind: kind,
      date: TestZones.date("2026-11-23"), status: status, sequence: 2, stamp: fire,
      start: fire.addingTimeInterval(1800), end: fire.addingTimeInterval(5400), fire: fire,
      title: "Workout Time!", body: "Today: Push Day")
  }

  func at(_ minutes: Double) -> Date { fire.addingTimeInterval(minutes * 60) }

  @Test func deliversOnTimeAndWithinTheGraceWindow() {
    #expect(rules.decide(record(), state: FireState(), now: at(0)) == .deliver(reason: "on time"))
    #expect(rules.decide(record(), state: FireState(), now: at(-0.5)) == .deliver(reason: "on time"))
    #expect(
      rules.decide(record(), state: FireState(), now: at(30)) == .deliver(reason: "caught up, 30 min late"))
  }

  /// An alert first written after its fire time (a block imported once its alert had passed) was
  /// never due: past the grace window it is no miss. One planned in time still is.
  @Test func anAlertPlannedAfterItsTimeIsNotMissed() {
    var late = record(.focusBlock)
    late.sequence = 0
    late.stamp = at(400)
    #expect(
      rules.decide(late, state: FireState(), now: at(408))
        == .skip(reason: "planned after its time, 2026-11-23 17:30: never due, not missed"))
    var inTime = late
    inTime.stamp = at(-600)
    if case .missed = rules.decide(inTime, state: FireState(), now: at(408)) {
    } else {
      Issue.record("not missed")
    }
  }

  @Test func alreadyTrainedTodaySilencesWorkoutAndRestDayButNotFocus() {
    let trained = FireState(trainedOnDate: true)
    #expect(rules.decide(record(), state: trained, now: at(0)) == .skip(reason: "already trained today"))
    #expect(
      rules.decide(record(.restDay), state: trained, now: at(0)) == .skip(reason: "already trained today"))
    #expect(rules.decide(record(.focusBlock), state: trained, now: at(0)) == .deliver(reason: "on time"))
  }

  @Test func aWorkoutInProgressSilencesTheWorkoutReminder() {
    let paused = FireState(workoutInProgress: true)
    #expect(rules.decide(record(), state: paused, now: at(0)) == .skip(reason: "a workout is in progress"))
  }

  @Test func aSkippedDayDoneMarkAndCancellationHoldItBack() {
    #expect(
      rules.decide(record(), state: FireState(daySkipped: true), now: at(0)) == .skip(reason: "day skipped"))
    #expect(
      rules.decide(record(.focusBlock), state: FireState(daySkipped: true), now: at(0))
        == .deliver(reason: "on time"))
    let cancelled = record(status: .cancelled)
    #expect(rules.decide(cancelled, state: FireState(done: true), now: at(0)) == .skip(reason: "marked done"))
    #expect(
      rules.decide(cancelled, state: FireState(), now: at(0))
        == .skip(reason: "cancelled: moved away, removed or no longer planned"))
  }

  @Test func anOldAgendaLineOfASnoozedOrMovedReminderIsNotDue() {
    // The record now fires at 17:30; cron still has a line for 16:30.
    #expect(
      rules.decide(record(), state: FireState(), now: at(-60))
        == .notDue(reason: "not due until 2026-11-23 17:30"))
  }

  @Test func pastTheGraceWindowItIsMissedAndAfterADayDiscarded() {
    #expect(
      rules.decide(record(), state: FireState(), now: at(31))
        == .missed(reason: "due 2026-11-23 17:30, 31 min ago, past the 30 min grace window"))
    #expect(
      rules.decide(record(), state: FireState(), now: at(24 * 60 + 1))
        == .discard(reason: "stale: due 2026-11-23 17:30, more than 24 h ago"))
  }

  @Test func aFailedDeliveryIsRetriedPastTheGraceWindowUntilItIsStale() {
    let failed = FireState(failedBefore: true)
    #expect(rules.decide(record(), state: failed, now: at(120)) == .deliver(reason: "retry, 120 min late"))
    #expect(
      rules.decide(record(), state: failed, now: at(25 * 60))
        == .discard(reason: "stale: due 2026-11-23 17:30, more than 24 h ago"))
  }

  @Test func aFinishedWorkoutGetsNoPausedWorkoutReminder() {
    #expect(
      rules.decide(record(.pausedWorkout), state: FireState(sessionFinished: true), now: at(0))
        == .skip(reason: "workout already finished"))
    #expect(
      rules.decide(record(.pausedWorkout), state: FireState(), now: at(0)) == .deliver(reason: "on time"))
    // The paused session itself is "in progress": that must not silence its own reminder.
    #expect(
      rules.decide(record(.pausedWorkout), state: FireState(workoutInProgress: true), now: at(0))
        == .deliver(reason: "on time"))
  }

  /// A reminder for an earlier day, met by a catch-up after the clock was set back and forward
  /// again, names its day: "today" would be untrue in the delivery history.
  @Test func aTrainedEarlierDayIsNamedByItsDate() {
    let trained = FireState(trainedOnDate: true)
    let weekLater = at(7 * 24 * 60)
    #expect(
      rules.decide(record(), state: trained, now: weekLater) == .skip(reason: "already trained on 2026-11-23")
    )
    #expect(
      rules.decide(record(.overload), state: trained, now: weekLater)
        == .skip(reason: "already trained on 2026-11-23"))
    // Late on the same local day it is still today.
    #expect(rules.decide(record(), state: trained, now: at(6 * 60)) == .skip(reason: "already trained today"))
  }

  @Test func anOverloadSuggestionNeverFiresDuringOrAfterTheSession() {
    #expect(
      rules.decide(record(.overload), state: FireState(workoutInProgress: true), now: at(0))
        == .skip(reason: "a workout is in progress"))
    #expect(
      rules.decide(record(.overload), state: FireState(trainedOnDate: true), now: at(0))
        == .skip(reason: "already trained today"))
    #expect(
      rules.decide(record(.achievement), state: FireState(trainedOnDate: true), now: at(0))
        == .deliver(reason: "on time"))
  }
}
