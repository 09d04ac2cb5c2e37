import Foundation
import SpotterApp
import SpotterCore
import SpotterIO
import Testing

/// A writing command's one transaction: what it plans is published with its save, and a save
/// that fails leaves the outputs, the store and the lock as they were.
@Suite struct StoreChangeTests {
  let evening = "2026-11-22T21:30:00+01:00"

  @Test func aPlannedChangeIsPublishedWithItsSave() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let workspace = try box.workspace(at: evening)
    let tomorrow = workspace.today.adding(days: 1)
    let uid = "workout-reminder-\(tomorrow)@spotter"
    let (outcome, publication) = try workspace.change(outputDirectory: box.out) { change in
      // The lock is held for the whole change.
      #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
      return try change.plan(.from(tomorrow, count: 1), overrides: PlanOverrides(skipped: [tomorrow])) {
        try change.store.save(
          skip: (tomorrow, true, workspace.now), records: $0.changed, findings: $0.findings)
      }
    }
    #expect(outcome.changes[uid] == .cancelled)
    #expect(publication.calendarPath == box.out + "/" + NightlyRunner.calendarFileName)
    #expect(try workspace.store.read { try $0.skippedDays() } == [tomorrow])
    let calendar = try box.read(NightlyRunner.calendarFileName)
    #expect(calendar.contains("UID:\(uid)\r\n"))
    #expect(calendar.contains("STATUS:CANCELLED"))
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
  }

  @Test func aSaveThatFailsLeavesTheOutputsTheStoreAndTheLock() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let workspace = try box.workspace(at: evening)
    let tomorrow = workspace.today.adding(days: 1)
    let before = (
      try box.read(NightlyRunner.calendarFileName), try box.read(NightlyRunner.agendaFileName),
      try workspace.store.read { try $0.reminders(from: workspace.today) }
    )
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try workspace.change(outputDirectory: box.out) { change in
        try change.plan(.from(tomorrow, count: 1), overrides: PlanOverrides(skipped: [tomorrow])) { _ in
          throw Refused()
        }
      }
    }
    #expect(try box.read(NightlyRunner.calendarFileName) == before.0)
    #expect(try box.read(NightlyRunner.agendaFileName) == before.1)
    #expect(try workspace.store.read { try $0.reminders(from: workspace.today) } == before.2)
    #expect(try workspace.store.read { try $0.skippedDays() }.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.out).sorted() == [
        NightlyRunner.agendaFileName, NightlyRunner.calendarFileName,
      ])
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
  }
}
