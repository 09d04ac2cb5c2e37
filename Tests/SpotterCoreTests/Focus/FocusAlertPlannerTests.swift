import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// Seed 001's test plan (tests 1–5), the edit and delete flows, and repeating blocks over DST.
@Suite struct FocusAlertPlannerTests {
  let clock = ZoneClock(timeZone: TestZones.berlin)
  let german = FocusAlertPlanner(minutesBefore: 5, language: .de)
  let english = FocusAlertPlanner(minutesBefore: 5, language: .en)

  func block(_ start: String, minutes: Int = 90, title: String = "Deep Work") -> FocusBlock {
    let start = TestZones.instant(start)
    return FocusBlock(
      id: "a1b2c3d4", title: title, start: start, end: start.addingTimeInterval(Double(minutes * 60)))
  }

  func occurrence(_ block: FocusBlock) -> FocusOccurrence {
    block.occurrences(in: TestZones.date("2026-01-01")..<TestZones.date("2028-01-01"), clock: clock)[0]
  }

  @Test func scheduleNotificationContent() {
    let alert = german.alert(
      for: occurrence(block("2026-11-23T09:00:00+01:00")), now: TestZones.instant("2026-11-22T21:30:00+01:00")
    )
    #expect(alert.title == "Focus Block startet gleich")
    #expect(alert.body == "Deep Work beginnt in 5 Minuten")
    #expect(alert.fire == TestZones.instant("2026-11-23T08:55:00+01:00"))
    #expect(alert.summary == "Deep Work")
    let english = english.alert(
      for: occurrence(block("2026-11-23T09:00:00+01:00")), now: TestZones.instant("2026-11-22T21:30:00+01:00")
    )
    #expect(english.title == "Focus block starts soon")
    #expect(english.body == "Deep Work starts in 5 minutes")
  }

  @Test func notificationNotScheduledForPastBlock() {
    let alert = german.alert(
      for: occurrence(block("2026-11-22T21:00:00+01:00")), now: TestZones.instant("2026-11-22T21:30:00+01:00")
    )
    let record = ReminderRecord(
      reminder: alert, sequence: 0, stamp: TestZones.instant("2026-11-22T21:30:00+01:00"))
    #expect(record.event(now: TestZones.instant("2026-11-22T21:30:00+01:00")).alarms.isEmpty)
  }

  @Test func notificationAtStartIfLessThanFiveMinutes() {
    let now = TestZones.instant("2026-11-22T21:30:00+01:00")
    let alert = german.alert(for: occurrence(block("2026-11-22T21:33:00+01:00")), now: now)
    #expect(alert.fire == TestZones.instant("2026-11-22T21:33:00+01:00"))
    #expect(alert.title == "Focus Block startet jetzt")
    #expect(alert.body == "Deep Work beginnt jetzt")
    let event = ReminderRecord(reminder: alert, sequence: 0, stamp: now).event(now: now)
    #expect(event.fireInstants == [alert.start])
    // Exactly five minutes ahead is not "more than" the lead: the seed fires at the start then.
    let edge = german.alert(for: occurrence(block("2026-11-22T21:35:00+01:00")), now: now)
    #expect(edge.fire == TestZones.instant("2026-11-22T21:35:00+01:00"))
  }

  @Test func cancelNotificationWhenTheBlockIsDeleted() {
    let now = TestZones.instant("2026-11-22T21:30:00+01:00")
    let alert = german.alert(for: occurrence(block("2026-11-23T09:00:00+01:00")), now: now)
    let stored = [ReminderRecord(reminder: alert, sequence: 0, stamp: now)]
    let result = ReminderReconciler().reconcile(
      planned: [], stored: stored, horizon: Horizon(start: TestZones.date("2026-11-22"), days: 14), now: now)
    #expect(result.changed.map(\.status) == [.cancelled])
    #expect(result.changed.map(\.sequence) == [1])
    #expect(result.changed[0].event(now: now).alarms.isEmpty)
  }

  @Test func notificationIdentifierFormat() {
    let now = TestZones.instant("2026-11-22T21:30:00+01:00")
    #expect(
      german.alert(for: occurrence(block("2026-11-23T09:00:00+01:00")), now: now).uid
        == "focus-block-start-a1b2c3d4@spotter")
    var repeating = block("2026-11-23T09:00:00+01:00")
    repeating.recurrence = FocusRecurrence(weekdays: [.monday], until: TestZones.date("2026-12-31"))
    #expect(occurrence(repeating).uid == "focus-block-start-a1b2c3d4-2026-11-23@spotter")
  }

  @Test func movingABlockKeepsItsUIDAndRaisesTheSequence() {
    let now = TestZones.instant("2026-11-22T21:30:00+01:00")
    let horizon = Horizon(start: TestZones.date("2026-11-22"), days: 14)
    let first = german.alert(for: occurrence(block("2026-11-23T09:00:00+01:00")), now: now)
    let stored = [ReminderRecord(reminder: first, sequence: 0, stamp: now)]
    let moved = german.alert(for: occurrence(block("2026-11-24T11:00:00+01:00")), now: now)
    let result = ReminderReconciler().reconcile(planned: [moved], stored: stored, horizon: horizon, now: now)
    #expect(result.records.map(\.uid) == ["focus-block-start-a1b2c3d4@spotter"])
    #expect(result.records.map(\.sequence) == [1])
    #expect(result.records[0].fire == TestZones.instant("2026-11-24T10:55:00+01:00"))
    // Planning the same again changes nothing.
    let again = ReminderReconciler().reconcile(
      planned: [moved], stored: result.records, horizon: horizon, now: now)
    #expect(again.changed.isEmpty)
  }

  @Test func aStartedBlockIsNotRevisedByLaterTexts() {
    let added = TestZones.instant("2026-11-22T21:30:00+01:00")
    let alert = german.alert(for: occurrence(block("2026-11-22T21:33:00+01:00")), now: added)
    let stored = [ReminderRecord(reminder: alert, sequence: 0, stamp: added)]
    let later = TestZones.instant("2026-11-22T22:00:00+01:00")
    let replanned = german.alert(for: occurrence(block("2026-11-22T21:33:00+01:00")), now: later)
    let result = ReminderReconciler().reconcile(
      planned: [replanned], stored: stored, horizon: Horizon(start: TestZones.date("2026-11-22"), days: 1),
      now: later)
    #expect(result.changed.isEmpty)
  }

  @Test func repeatingBlockKeepsItsWallClockAcrossTheAutumnChange() {
    var repeating = block("2026-10-23T09:00:00+02:00", minutes: 60)
    repeating.recurrence = FocusRecurrence(weekdays: [.friday, .monday], until: TestZones.date("2026-11-02"))
    let alerts = german.reminders(
      for: [repeating], dates: TestZones.date("2026-10-20")..<TestZones.date("2026-11-10"),
      now: TestZones.instant("2026-10-20T12:00:00+02:00"), clock: clock)
    #expect(
      alerts.map(\.fire) == [
        TestZones.instant("2026-10-23T08:55:00+02:00"), TestZones.instant("2026-10-26T08:55:00+01:00"),
        TestZones.instant("2026-10-30T08:55:00+01:00"), TestZones.instant("2026-11-02T08:55:00+01:00"),
      ])
    #expect(
      alerts.map(\.end).map { clock.local($0).time.description } == ["10:00", "10:00", "10:00", "10:00"])
    #expect(Set(alerts.map(\.uid)).count == 4)
  }

  @Test func leadTimeIsConfigurable() {
    let planner = FocusAlertPlanner(minutesBefore: 15, language: .en)
    let alert = planner.alert(
      for: occurrence(block("2026-11-23T09:00:00+01:00")), now: TestZones.instant("2026-11-22T21:30:00+01:00")
    )
    #expect(alert.fire == TestZones.instant("2026-11-23T08:45:00+01:00"))
    #expect(alert.body == "Deep Work starts in 15 minutes")
  }
}
