import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct ReminderReconcilerTests {
  let horizon = Horizon(start: TestZones.date("2026-11-23"), days: 1)
  let first = TestZones.instant("2026-11-22T21:30:00+01:00")
  let second = TestZones.instant("2026-11-22T22:30:00+01:00")

  func reminder(title: String = "Workout Time!", hour: Int = 18) -> Reminder {
    let start = TestZones.berlinClock.instant(TestZones.date("2026-11-23"), LocalTime(hour: hour, minute: 0))
    return Reminder(
      kind: .workout, date: TestZones.date("2026-11-23"), start: start, end: start.addingTimeInterval(3600),
      fire: start.addingTimeInterval(-1800), title: title, body: "Today: Push Day", workoutName: "Push Day",
      reason: "test")
  }

  @Test func newReminderStartsAtSequenceZero() {
    let result = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first)
    #expect(result.records.map(\.sequence) == [0])
    #expect(result.changed.count == 1)
    #expect(result.records[0].stamp == first)
  }

  /// A UID whose last revision is stored outside the plan's records (a one-off focus alert
  /// dated before the plan) continues that revision's SEQUENCE; only a UID never stored starts at 0.
  @Test func aReminderWithAnEarlierRevisionContinuesItsSequence() {
    let result = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first,
      earlierSequences: [reminder().uid: 3, "other@spotter": 7])
    #expect(result.records.map(\.sequence) == [4])
    #expect(result.changed.count == 1)
  }

  @Test func unchangedReminderKeepsSequenceAndStamp() {
    let stored = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first)
    let again = ReminderReconciler().reconcile(
      planned: [reminder()], stored: stored.records, horizon: horizon, now: second)
    #expect(again.changed.isEmpty)
    #expect(again.records == stored.records)
  }

  @Test func changedTimeOrTextRaisesSequence() {
    let stored = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first)
    let moved = ReminderReconciler().reconcile(
      planned: [reminder(hour: 19)], stored: stored.records, horizon: horizon, now: second)
    #expect(moved.records.map(\.sequence) == [1])
    #expect(moved.records[0].stamp == second)
    let renamed = ReminderReconciler().reconcile(
      planned: [reminder(title: "Other")], stored: moved.records, horizon: horizon, now: second)
    #expect(renamed.records.map(\.sequence) == [2])
  }

  @Test func aReminderStoredUnderAnOldStyleUIDIsCancelledAndItsSuccessorIsNew() {
    // Before UIDs were escaped, a paused-workout UID carried the session id as it is.
    let start = TestZones.instant("2026-11-23T18:00:00+01:00")
    func paused() -> Reminder {
      Reminder(
        kind: .pausedWorkout, entity: "strong-2026-11-23 17:00:00-1", date: TestZones.date("2026-11-23"),
        start: start, end: start.addingTimeInterval(600), fire: start, title: "t", body: "b",
        workoutName: nil,
        reason: "test")
    }
    var old = ReminderReconciler().reconcile(planned: [paused()], stored: [], horizon: horizon, now: first)
      .records
    old[0].uid = "paused-workout-strong-2026-11-23 17:00:00-1-2026-11-23@spotter"
    let migrated = ReminderReconciler().reconcile(
      planned: [paused()], stored: old, horizon: horizon, now: second)
    let byUID = Dictionary(uniqueKeysWithValues: migrated.records.map { ($0.uid, $0) })
    #expect(byUID[old[0].uid]?.status == .cancelled)
    #expect(byUID[old[0].uid]?.sequence == 1)
    let successor = byUID["paused-workout-strong-2026-11-23_2017_3A00_3A00-1-2026-11-23@spotter"]
    #expect(successor?.status == .confirmed)
    #expect(successor?.sequence == 0)
  }

  @Test func vanishedReminderIsCancelledOnceWithHigherSequence() {
    let stored = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first)
    let gone = ReminderReconciler().reconcile(
      planned: [], stored: stored.records, horizon: horizon, now: second)
    #expect(gone.records.map(\.status) == [.cancelled])
    #expect(gone.records.map(\.sequence) == [1])
    #expect(gone.records[0].event(now: second).alarms.isEmpty)
    let still = ReminderReconciler().reconcile(
      planned: [], stored: gone.records, horizon: horizon, now: second)
    #expect(still.changed.isEmpty)
    #expect(still.records == gone.records)
    let back = ReminderReconciler().reconcile(
      planned: [reminder()], stored: gone.records, horizon: horizon, now: second)
    #expect(back.records.map(\.status) == [.confirmed])
    #expect(back.records.map(\.sequence) == [2])
  }

  @Test func recordsOutsideTheHorizonAreLeftAlone() {
    let stored = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first)
    let later = Horizon(start: TestZones.date("2026-11-24"), days: 1)
    let result = ReminderReconciler().reconcile(
      planned: [], stored: stored.records, horizon: later, now: second)
    #expect(result.records.isEmpty)
    #expect(result.changed.isEmpty)
  }

  @Test func noAlarmOnceItsTimeHasPassed() {
    let record = ReminderReconciler().reconcile(
      planned: [reminder()], stored: [], horizon: horizon, now: first
    )
    .records[0]
    #expect(record.event(now: first).alarms.count == 1)
    #expect(record.event(now: TestZones.instant("2026-11-23T17:45:00+01:00")).alarms.isEmpty)
  }

  @Test func aFollowUpIsHistoryOnceItsAlarmPassedAndCancelledOnlyWhilePending() {
    let clock = TestZones.berlinClock
    let date = TestZones.date("2026-11-21")
    func followUp(_ step: Int, fire: String) -> Reminder {
      let at = TestZones.instant(fire)
      var reminder = Reminder(
        kind: .pausedWorkout, entity: "p1", date: date, start: at, end: at.addingTimeInterval(900), fire: at,
        title: "Paused workout: Push Day", body: "Resume?", workoutName: "Push Day", reason: "test")
      reminder.uid = "paused-workout-p1-\(step)-2026-11-21@spotter"
      return reminder
    }
    let stamp = TestZones.instant("2026-11-21T10:30:00+01:00")
    let stored = [
      ReminderRecord(reminder: followUp(1, fire: "2026-11-21T12:20:00+01:00"), sequence: 0, stamp: stamp),
      ReminderRecord(reminder: followUp(2, fire: "2026-11-22T10:20:00+01:00"), sequence: 0, stamp: stamp),
    ]
    let now = TestZones.instant("2026-11-21T13:00:00+01:00")
    // The session ended: nothing planned. The fired one stays as it was, the pending one goes.
    let result = ReminderReconciler().reconcile(
      planned: [], stored: stored, horizon: Horizon(start: clock.localDate(now), days: 1), now: now)
    #expect(result.changed.map(\.uid) == ["paused-workout-p1-2-2026-11-21@spotter"])
    #expect(result.changed.first?.status == .cancelled)
    #expect(result.changed.first?.sequence == 1)
    // Planned again with other texts: the fired one is not revised.
    var changed = followUp(1, fire: "2026-11-21T14:00:00+01:00")
    changed.body = "Other"
    let again = ReminderReconciler().reconcile(
      planned: [changed], stored: [stored[0]], horizon: Horizon(start: date, days: 1), now: now)
    #expect(again.changed.isEmpty)
  }
}
