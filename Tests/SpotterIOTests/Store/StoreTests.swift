import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct StoreTests {
  func temporaryStore() throws -> (Store, String) {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("spotter-store-\(UUID().uuidString)/spotter.sqlite").path
    return (try Store(path: path), path)
  }

  @Test func createsTheSchemaWithAVersion() throws {
    let (store, path) = try temporaryStore()
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try store.schemaVersionOnDisk() == Store.schemaVersion)
    // Opening again runs no migration twice.
    #expect(try Store(path: path).schemaVersionOnDisk() == 1)
  }

  @Test func importingTheSameExportTwiceAddsNothing() throws {
    let (store, _) = try temporaryStore()
    let (_, sessions) = try FixtureLoader.read("strong-s3.csv")
    let first = try store.importSessions(sessions)
    #expect(first.added == 3)
    let second = try store.importSessions(sessions)
    #expect(second.added == 0)
    #expect(second.unchanged == 3)
    let stored = try store.sessions(includeSets: true)
    #expect(stored.count == 3)
    #expect(stored == sessions)
  }

  @Test func overlappingExportsFromTwoAppsCountOnce() throws {
    let (store, _) = try temporaryStore()
    let start = TestZones.instant("2026-11-20T18:02:00+01:00")
    let strong = Session(id: "strong-1", source: .strong, workoutName: "Push", start: start, end: nil)
    let hevy = Session(
      id: "hevy-1", source: .hevy, workoutName: "Push", start: start.addingTimeInterval(180), end: nil)
    let later = Session(
      id: "hevy-2", source: .hevy, workoutName: "Pull", start: start.addingTimeInterval(86400), end: nil)
    #expect(try store.importSessions([strong]).added == 1)
    let summary = try store.importSessions([hevy, later])
    #expect(summary.duplicates == 1)
    #expect(summary.added == 1)
    #expect(try store.sessions().map(\.id) == ["strong-1", "hevy-2"])
  }

  @Test func aChangedSessionIsUpdatedNotDuplicated() throws {
    let (store, _) = try temporaryStore()
    let start = TestZones.instant("2026-11-20T18:02:00+01:00")
    var session = Session(
      id: "json-1", source: .json, workoutName: "Push", start: start, end: nil, state: .paused)
    _ = try store.importSessions([session])
    session.state = .completed
    session.end = start.addingTimeInterval(3600)
    let summary = try store.importSessions([session])
    #expect(summary.updated == 1)
    #expect(try store.sessions() == [session])
  }

  @Test func remindersRoundTrip() throws {
    let (store, _) = try temporaryStore()
    let start = TestZones.instant("2026-11-23T18:00:00+01:00")
    let record = ReminderRecord(
      uid: "workout-reminder-2026-11-23@spotter", kind: .workout, date: TestZones.date("2026-11-23"),
      status: .confirmed, sequence: 2, stamp: TestZones.instant("2026-11-22T20:30:00Z"), start: start,
      end: start.addingTimeInterval(3600), fire: start.addingTimeInterval(-1800), title: "Workout Time!",
      body: "Today: Push %Day 'A'")
    try store.save([record])
    #expect(
      try store.reminders(from: TestZones.date("2026-11-23"), to: TestZones.date("2026-11-24")) == [record])
    #expect(try store.reminders(from: TestZones.date("2026-11-24"), to: TestZones.date("2026-11-25")).isEmpty)
  }

  @Test func unopenableStoreIsAClearError() {
    #expect(throws: SpotterIOError.self) {
      try Store(path: "/proc/spotter/spotter.sqlite")
    }
  }
}
