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
}
