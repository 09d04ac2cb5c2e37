import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// Seed 000 §3: the pause delay, the 24-hour reminder, abandonment, and wall-clock correctness
/// across midnight and a DST change.
@Suite struct PauseReminderPlannerTests {
  let clock = TestZones.berlinClock

  func settings(delay: Int = 2, language: Language = .de) -> Settings {
    Settings(timeZone: TestZones.berlin, language: language, pause: PauseSettings(delayHours: delay))
  }

  func paused(_ start: String, lastSet: String?, state: SessionState = .paused) -> Session {
    let begin = TestZones.instant(start)
    let sets = [
      SetEntry(
        weight: 100, unit: .kilograms, reps: 8, completed: true, completedAt: lastSet.map(TestZones.instant))
    ]
    return Session(
      id: "p1", source: .json, workoutName: "Push-Tag", start: begin, end: nil, state: state,
      exercises: [
        ExerciseEntry(name: "Bankdrücken", sets: sets),
        ExerciseEntry(
          name: "Dips", sets: [SetEntry(weight: nil, unit: .kilograms, reps: 8, completed: false)]),
        ExerciseEntry(name: "Flys", sets: []),
      ])
  }

  func local(_ instant: Date) -> String { clock.local(instant).minuteText }

  @Test func firstAfterThePauseDelayThenAfter24Hours() {
    let session = paused("2026-11-21T10:00:00+01:00", lastSet: "2026-11-21T10:20:00+01:00")
    for (delay, first) in [(1, "2026-11-21 11:20"), (2, "2026-11-21 12:20"), (4, "2026-11-21 14:20")] {
      let result = PauseReminderPlanner(settings: settings(delay: delay)).plan(
        sessions: [session], known: [:], now: TestZones.instant("2026-11-21T10:30:00+01:00"))
      #expect(result.reminders.map { local($0.fire) } == [first, "2026-11-22 10:20"])
      #expect(result.abandoned.isEmpty)
    }
    let reminder = PauseReminderPlanner(settings: settings()).plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-11-21T10:30:00+01:00")
    ).reminders[0]
    #expect(reminder.title == "Pausiertes Workout: Push-Tag")
    #expect(reminder.body == "Du hast bei Übung 2/3 pausiert. Fortsetzen?")
    #expect(reminder.uid == "paused-workout-p1-1-2026-11-21@spotter")
    #expect(reminder.entity == "p1")
  }

  @Test func activeSessionsCountAndCompletedOnesDoNot() {
    let planner = PauseReminderPlanner(settings: settings())
    let now = TestZones.instant("2026-11-21T10:30:00+01:00")
    let active = paused("2026-11-21T10:00:00+01:00", lastSet: nil, state: .active)
    #expect(planner.plan(sessions: [active], known: [:], now: now).reminders.count == 2)
    var done = active
    done.state = .completed
    #expect(planner.plan(sessions: [done], known: [:], now: now).reminders.isEmpty)
  }

  @Test func afterTheSecondReminderTheSessionIsAbandoned() {
    let planner = PauseReminderPlanner(settings: settings())
    let session = paused("2026-11-21T10:00:00+01:00", lastSet: "2026-11-21T10:20:00+01:00")
    let before = planner.plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-11-21T10:30:00+01:00"))
    let known = Dictionary(
      uniqueKeysWithValues: before.reminders.map {
        (
          $0.uid,
          ReminderRecord(reminder: $0, sequence: 0, stamp: TestZones.instant("2026-11-21T10:30:00+01:00"))
        )
      })
    let after = planner.plan(
      sessions: [session], known: known, now: TestZones.instant("2026-11-22T10:21:00+01:00"))
    #expect(after.abandoned == ["p1"])
    #expect(after.reminders.isEmpty)
    // Never seen until two days later: stale, abandoned without a reminder.
    let stale = planner.plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-11-23T11:00:00+01:00"))
    #expect(stale.abandoned == ["p1"])
    #expect(stale.reminders.isEmpty)
  }

  @Test func aStepFirstSeenLateFiresAtTheNextMinuteUnlessTheNextIsNear() {
    let planner = PauseReminderPlanner(settings: settings())
    let session = paused("2026-11-21T10:00:00+01:00", lastSet: "2026-11-21T10:20:00+01:00")
    let late = planner.plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-11-21T21:30:10+01:00"))
    #expect(late.reminders.map { local($0.fire) } == ["2026-11-21 21:31", "2026-11-22 10:20"])
    let near = planner.plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-11-22T09:00:00+01:00"))
    #expect(near.reminders.map { local($0.fire) } == ["2026-11-22 10:20"])
  }

  @Test func pausedAcrossMidnightAndTheAutumnDSTChange() {
    // Last set 23:30 CEST on Saturday 2026-10-24; clocks go back 03:00 → 02:00 on Sunday.
    let session = paused("2026-10-24T22:50:00+02:00", lastSet: "2026-10-24T23:30:00+02:00")
    let result = PauseReminderPlanner(settings: settings()).plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-10-24T23:40:00+02:00"))
    // Two hours later is 01:30 CEST; 24 hours later is 22:30 CET, not 23:30: elapsed time counts.
    #expect(result.reminders.map { local($0.fire) } == ["2026-10-25 01:30", "2026-10-25 22:30"])
    #expect(result.reminders[1].fire == TestZones.instant("2026-10-25T22:30:00+01:00"))
    #expect(result.reminders.map(\.date.description) == ["2026-10-25", "2026-10-25"])
  }

  @Test func quietHoursMoveAReminder() {
    var quiet = settings(language: .en)
    quiet.quietHours = QuietHours(start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 7, minute: 0))
    let session = paused("2026-11-21T20:00:00+01:00", lastSet: "2026-11-21T21:00:00+01:00")
    let result = PauseReminderPlanner(settings: quiet).plan(
      sessions: [session], known: [:], now: TestZones.instant("2026-11-21T21:05:00+01:00"))
    #expect(result.reminders.map { local($0.fire) } == ["2026-11-22 07:00", "2026-11-22 21:00"])
    #expect(result.reminders[0].title == "Paused workout: Push-Tag")
    #expect(result.reminders[0].body == "You paused at exercise 2/3. Resume?")
  }
}
