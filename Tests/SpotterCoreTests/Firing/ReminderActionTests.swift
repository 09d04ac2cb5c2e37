import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@Suite struct ReminderActionTests {
  let start = TestZones.instant("2026-11-23T18:00:00+01:00")

  func reminder(_ date: String) -> Reminder {
    Reminder(
      kind: .workout, date: TestZones.date(date), start: start, end: start.addingTimeInterval(3600),
      fire: start.addingTimeInterval(-1800), title: "Workout Time!", body: "Today: Push Day",
      workoutName: nil,
      reason: "program")
  }

  @Test func aSnoozeCountsFromNowOrTheFireTimeAheadAndLandsOnAWholeMinute() {
    let fire = TestZones.instant("2026-11-23T17:30:00+01:00")
    // Seed 003: one hour from now, when the reminder has fired.
    #expect(
      ReminderAction.snoozedFire(fire, by: 3600, now: TestZones.instant("2026-11-23T17:41:20+01:00"))
        == TestZones.instant("2026-11-23T18:42:00+01:00"))
    // Before it fired, a snooze never makes it earlier.
    #expect(
      ReminderAction.snoozedFire(fire, by: 3600, now: TestZones.instant("2026-11-23T10:00:00+01:00"))
        == TestZones.instant("2026-11-23T18:30:00+01:00"))
  }

  @Test func aRePlanKeepsSnoozesAndDropsDoneReminders() {
    let snoozed = reminder("2026-11-23")
    let done = reminder("2026-11-25")
    let later = TestZones.instant("2026-11-23T18:30:00+01:00")
    let actions = [
      snoozed.uid: ReminderAction(uid: snoozed.uid, round: 1, snoozedUntil: later),
      done.uid: ReminderAction(uid: done.uid, doneAt: start),
    ]
    let applied = ReminderAction.apply(actions, to: [snoozed, done, reminder("2026-11-27")])
    #expect(applied.map(\.date.description) == ["2026-11-23", "2026-11-27"])
    #expect(applied[0].fire == later)
  }
}
