import Foundation
import SpotterApp
import SpotterCore
import Testing

/// Snooze, done and skip in process: each is a new revision, saved with both outputs.
@Suite struct ReminderActionServiceTests {
  let evening = "2026-11-22T21:30:00+01:00"

  /// A sandbox after one run, and the UID of its first workout reminder.
  func planned() throws -> (AppSandbox, String) {
    let box = try AppSandbox()
    let report = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [try box.strongExport()], horizon: .coming(count: 2), outputDirectory: box.out)
    let uid = try #require(report.changes.keys.sorted().first { $0.hasPrefix("workout-reminder-") })
    return (box, uid)
  }

  @Test func aSnoozeMovesTheAlarmAndRaisesTheSequence() throws {
    let (box, uid) = try planned()
    let service = ReminderActionService(workspace: try box.workspace(at: evening), outputDirectory: box.out)
    let snoozed = try service.snooze(uid: uid, seconds: 1800)
    #expect(snoozed.sequence == 1)
    let again = try ReminderActionService(workspace: try box.workspace(at: evening), outputDirectory: box.out)
      .snooze(uid: uid, seconds: 1800)
    #expect(again.sequence == 2)
    #expect(again.fire == snoozed.fire.addingTimeInterval(1800))
    #expect(try box.read(NightlyRunner.calendarFileName).contains("SEQUENCE:2"))
  }

  @Test func doneCancelsAndAnUnknownUIDIsAUsageError() throws {
    let (box, uid) = try planned()
    let service = ReminderActionService(workspace: try box.workspace(at: evening), outputDirectory: box.out)
    #expect(try service.done(uid: uid).status == .cancelled)
    #expect(throws: SpotterAppError.self) { try service.done(uid: "workout-reminder-1999-01-01@spotter") }
    do {
      _ = try service.snooze(uid: "nonexistent-reminder@spotter", seconds: 60)
    } catch {
      #expect(ExitStatus.exitCode(for: error) == .usage)
    }
  }

  /// A UID for a day the run has not planned yet is looked for in that day's plan; when the plan
  /// has no such reminder, nothing of the plan is kept: not the day's reminders, not a byte or an
  /// mtime of the outputs.
  @Test func aUIDThePlanDoesNotShowKeepsNothingOfThePlan() throws {
    let (box, _) = try planned()
    let workspace = try box.workspace(at: evening)
    let service = ReminderActionService(workspace: workspace, outputDirectory: box.out)
    let files = [NightlyRunner.calendarFileName, NightlyRunner.agendaFileName].map { box.out + "/" + $0 }
    func state() throws -> [(Data, Date?)] {
      try files.map {
        (
          try Data(contentsOf: URL(fileURLWithPath: $0)),
          try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date
        )
      }
    }
    let before = try state()
    // Every day of the next week: training days among them have reminders the plan would make.
    for offset in 3...9 {
      let date = workspace.today.adding(days: offset)
      #expect(throws: SpotterAppError.unknownReminder(uid: "nothing-\(date)@spotter")) {
        try service.done(uid: "nothing-\(date)@spotter")
      }
      #expect(try workspace.store.read { try $0.reminders(from: date, to: date) }.isEmpty)
    }
    let after = try state()
    #expect(after.map(\.0) == before.map(\.0))
    #expect(after.map(\.1) == before.map(\.1))
  }
}
