import Foundation
import GRDB
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct StoreTests {
  func temporaryStore() throws -> (Store, String) {
    let path = TestScratch.root
      .appendingPathComponent("spotter-store-\(UUID().uuidString)/spotter.sqlite").path
    return (try Store(path: path), path)
  }

  /// A store as the first schema wrote it: one session, with `sets` as its exercise_set rows.
  func versionOneStore(at path: String, sets: String) throws {
    let queue = try DatabaseQueue(path: path)
    try Store.migrator.migrate(queue, upTo: "v1")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO session VALUES (7, 'strong-2026-11-20 18:02:00', 'strong', 'Push', 1.0, NULL,
            'completed', 'f');
          INSERT INTO exercise_set VALUES \(sets);
          """)
    }
    try queue.close()
  }

  @Test func aWritingConnectionHasAFourMegabytePageCache() throws {
    let (store, _) = try temporaryStore()
    // Negative: KiB, not pages. 2 MB spilled a first run's UID index leaves over and over.
    let pages = try store.queue.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
    #expect(pages == -4096)
  }

  @Test func createsTheSchemaWithAVersion() throws {
    let (store, path) = try temporaryStore()
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try store.schemaVersionOnDisk() == Store.schemaVersion)
    // Opening again runs no migration twice.
    #expect(try Store(path: path).schemaVersionOnDisk() == Store.schemaVersion)
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

  @Test func sessionsWithTheSameStartComeInTheOrderSQLiteGivesTheirIDs() throws {
    let (store, _) = try temporaryStore()
    // Inserted out of order, with ids whose byte order is not Swift's string order ("é" after
    // "z", "Z" before "a") and a later start between them in rowid order.
    let ids = ["b", "é", "a", "Z", "later", "10", "9", "z"]
    try store.queue.write { db in
      for id in ids {
        try db.execute(
          sql: """
            INSERT INTO session (id, source, workout_name, started_at, state, fingerprint)
            VALUES (?, 'strong', 'Push', ?, 'completed', 'f')
            """, arguments: [id, id == "later" ? 2.0 : 1.0])
      }
    }
    let sqlite = try store.queue.read {
      try String.fetchAll($0, sql: "SELECT id FROM session ORDER BY started_at, id")
    }
    #expect(try store.sessions().map(\.id) == sqlite)
    #expect(try store.sessions(includeSets: true).map(\.id) == sqlite)
    #expect(sqlite == ["10", "9", "Z", "a", "b", "z", "é", "later"])
  }

  @Test func aDateOnlySessionKeepsItsFlag() throws {
    let (store, _) = try temporaryStore()
    let (_, days) = try FixtureLoader.read("fitnotes-android.csv")
    #expect(try store.importSessions(days).added == 3)
    let stored = try store.sessions(includeSets: true)
    #expect(stored == days)
    #expect(stored.allSatisfy { !$0.hasTimeOfDay })
    #expect(try store.importSessions(days).unchanged == 3)
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

  @Test func rowsBoundByHandAreTheRowsGRDBBinds() throws {
    let (store, _) = try temporaryStore()
    let start = TestZones.instant("2026-11-23T18:00:00.25+01:00")
    let full = ReminderRecord(
      uid: "focus-block-start-0a1b-2026-11-23@spotter", kind: .focusBlock, date: TestZones.date("2026-11-23"),
      status: .cancelled, sequence: Int(Int32.max) + 7, stamp: TestZones.instant("2026-11-22T20:30:00Z"),
      start: start, end: start.addingTimeInterval(3600), fire: start.addingTimeInterval(-1800),
      title: "Fokus: Überblick 🧠", body: "Deep 'work' %s\nnext", summary: "Tiefe Arbeit", entity: "0a1b")
    var bare = full
    bare.uid = "focus-block-start-0a1b-2026-11-24@spotter"
    bare.summary = nil
    bare.entity = nil
    try store.save([full, bare])
    try store.queue.write { db in
      for (uid, record) in [("grdb-full", full), ("grdb-bare", bare)] {
        try db.execute(
          sql: "INSERT INTO reminder VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          arguments: [
            uid, record.kind.rawValue, record.date.description, record.status.rawValue, record.sequence,
            record.stamp.timeIntervalSince1970, record.start.timeIntervalSince1970,
            record.end.timeIntervalSince1970, record.fire.timeIntervalSince1970, record.title, record.body,
            record.summary, record.entity,
          ])
      }
    }
    // Every column but the UID, with its storage class: the same two rows either way.
    let columns =
      "kind, date, status, sequence, typeof(sequence), stamp, typeof(stamp), starts_at, ends_at, fires_at, "
      + "title, body, summary, typeof(summary), entity, typeof(entity)"
    let (byHand, byGRDB) = try store.queue.read { db in
      (
        try Row.fetchAll(
          db, sql: "SELECT \(columns) FROM reminder WHERE uid NOT LIKE 'grdb-%' ORDER BY entity"),
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM reminder WHERE uid LIKE 'grdb-%' ORDER BY entity")
      )
    }
    #expect(byHand.count == 2 && byHand == byGRDB)
  }

  @Test func aRowThatCannotBeWrittenIsAnErrorAndTheNextSaveStillWrites() throws {
    let (store, path) = try temporaryStore()
    let start = TestZones.instant("2026-11-23T18:00:00+01:00")
    let record = ReminderRecord(
      uid: "workout-reminder-2026-11-23@spotter", kind: .workout, date: TestZones.date("2026-11-23"),
      status: .confirmed, sequence: 0, stamp: start, start: start, end: start.addingTimeInterval(3600),
      fire: start.addingTimeInterval(-1800), title: "t", body: "b")
    let reader = try Store(readingAt: path)
    #expect(throws: DatabaseError.self) { try reader.queue.read { try Store.save([record], db: $0) } }
    try store.save([record])
    #expect(try store.reminders(from: record.date) == [record])
  }

  @Test func unopenableStoreIsAClearError() {
    #expect(throws: SpotterIOError.self) {
      try Store(path: "/proc/spotter/spotter.sqlite")
    }
  }

  @Test func aVersionOneStoreKeepsItsSetsThroughTheMigration() throws {
    let path = TestScratch.root
      .appendingPathComponent("spotter-store-\(UUID().uuidString).sqlite").path
    try versionOneStore(
      at: path,
      sets: """
        (7, 0, 0, 'Bench Press (Barbell)', 'warmup', 60, 'kg', 10, 1, NULL),
        (7, 1, 0, 'Bench Press (Barbell)', 'normal', 100, 'kg', 8, 1, NULL),
        (7, 2, 1, 'Pull Up', 'failure', NULL, 'lb', 12, 0, 5.0)
        """)
    let store = try Store(path: path)
    #expect(try store.schemaVersionOnDisk() == Store.schemaVersion)
    let session = try #require(try store.sessions(includeSets: true).first)
    #expect(
      session.exercises == [
        ExerciseEntry(
          name: "Bench Press (Barbell)",
          sets: [
            SetEntry(kind: .warmup, weight: 60, unit: .kilograms, reps: 10),
            SetEntry(weight: 100, unit: .kilograms, reps: 8),
          ]),
        ExerciseEntry(
          name: "Pull Up",
          sets: [
            SetEntry(
              kind: .failure, weight: nil, unit: .pounds, reps: 12, completed: false,
              completedAt: Date(timeIntervalSince1970: 5))
          ]),
      ])
    // The fingerprints were renewed with the blobs: the same session again is no change.
    #expect(try store.importSessions([session]).unchanged == 1)
  }

  /// The read path writes nothing: a missing store stays missing, an old one keeps its version
  /// and its bytes, and both read as today's schema.
  @Test func aPlansRemindersAreFoundByKindNotByReadingEveryReminder() throws {
    let path = TestScratch.root.appendingPathComponent("spotter-v9-\(UUID().uuidString).sqlite").path
    let queue = try DatabaseQueue(path: path)
    try Store.migrator.migrate(queue, upTo: "v9")
    try queue.close()
    let store = try Store(path: path)
    #expect(try store.schemaVersionOnDisk() == Store.schemaVersion)
    // The query a plan's snapshot runs, as SQLite plans it: by the index, both halves.
    let plan = try store.queue.read { db in
      try Row.fetchAll(
        db,
        sql: """
          EXPLAIN QUERY PLAN SELECT uid FROM reminder
          WHERE kind IN ('a', 'b') OR (kind = 'c' AND date >= '2026-11-01' AND date < '2026-11-20')
          """
      ).map { $0["detail"] as String }
    }
    #expect(plan.filter { $0.contains("USING INDEX reminder_kind_date") }.count == 2, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN reminder") }, "\(plan)")
  }

  @Test func readingNeverCreatesMigratesOrWrites() throws {
    let directory = TestScratch.root.appendingPathComponent(
      "spotter-read-\(UUID().uuidString)")
    let missing = directory.appendingPathComponent("nope.sqlite").path
    #expect(try Store(readingAt: missing).sessions().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path))

    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let old = directory.appendingPathComponent("old.sqlite").path
    try versionOneStore(at: old, sets: "(7, 0, 0, 'Bench Press (Barbell)', 'normal', 100, 'kg', 8, 1, NULL)")
    let before = try Data(contentsOf: URL(fileURLWithPath: old))
    let store = try Store(readingAt: old)
    #expect(try store.sessions(includeSets: true).first?.exercises.first?.sets.first?.weight == 100)
    #expect(try store.schemaVersionOnDisk() == Store.schemaVersion)
    #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before)
    let onDisk = try DatabaseQueue(path: old)
    #expect(try onDisk.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 1)
    try onDisk.close()

    // A store being created this very moment (0 bytes) reads as empty, and stays 0 bytes.
    let creating = directory.appendingPathComponent("new.sqlite").path
    #expect(TestScratch.createFile(creating, Data()))
    #expect(try Store(readingAt: creating).sessions().isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: creating)).isEmpty)

    // Today's store is read through a read-only connection: a write through it fails.
    let current = directory.appendingPathComponent("current.sqlite").path
    _ = try Store(path: current)
    #expect(throws: SpotterIOError.self) { try Store(readingAt: current).setSetting("k", "v") }
  }

  @Test func aDamagedSetBlobIsReportedWhenTheSessionsAreLoaded() throws {
    let (store, path) = try temporaryStore()
    let session = Session(
      id: "s1", source: .strong, workoutName: "Push Day", start: Date(timeIntervalSince1970: 1_790_000_000),
      end: nil,
      exercises: [
        ExerciseEntry(
          name: "Bench Press", sets: [SetEntry(weight: 80, unit: .kilograms, reps: 5, completed: true)])
      ])
    _ = try store.importSessions([session])
    // Loaded packed, the sets still read back as they went in.
    #expect(try store.sessions(includeSets: true) == [session])
    #expect(try store.sessions(includeSets: true).first?.exercises == session.exercises)
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "UPDATE session SET exercises = x'0105' WHERE id = 's1'")
    }
    // Checked as they load, though only decoded where read: a damaged blob is an error, never
    // a crash later nor a session without sets.
    #expect {
      try store.sessions(includeSets: true)
    } throws: { error in
      "\(error)".contains("table 'session', row 's1': column 'exercises' holds '2 bytes: 01 05'")
    }
  }

  /// A damaged blob is shown by its length and first bytes: enough to tell two rows apart, never
  /// kilobytes of hex in a message.
  @Test func aDamagedBlobIsShownByItsLengthAndFirstBytes() {
    #expect(Store.blobShown(nil) == "NULL")
    #expect(Store.blobShown([]) == "0 bytes")
    #expect(Store.blobShown([0xFF]) == "1 byte: ff")
    #expect(Store.blobShown(Array(0..<200)) == "200 bytes: 00 01 02 03 04 05 06 07 …")
  }

  /// A night reads the sessions without their sets, then the sets of the few it needs: looked up
  /// by id for a few, in one pass for many. A damaged blob among them is reported; one it leaves
  /// unread costs nothing. Each session carries its row's digest, which moves with its sets.
  @Test func theSetsOfAFewSessionsAreReadOnTheirOwn() throws {
    let (store, path) = try temporaryStore()
    func session(_ day: Int) -> Session {
      let set = SetEntry(weight: Double(60 + day), unit: .kilograms, reps: 5, completed: true)
      return Session(
        id: "s\(1000 + day)", source: .strong, workoutName: "Push Day",
        start: Date(timeIntervalSince1970: 1_790_000_000 + Double(day) * 86_400), end: nil,
        exercises: [ExerciseEntry(name: "Bench Press", sets: [set])])
    }
    let sessions = (0..<100).map(session)
    _ = try store.importSessions(sessions)
    let unread = try store.sessions()
    #expect(unread.allSatisfy { $0.exercises.isEmpty })
    #expect(Set(unread.compactMap(\.contentDigest)).count == 100)
    let few: Set<String> = ["s1003", "s1042"]
    var some = unread
    #expect(try store.readSets(of: &some) { few.contains($0.id) } == few)
    for (read, session) in zip(some, sessions) {
      #expect(read.exercises == (few.contains(read.id) ? session.exercises : []))
    }
    var all = unread
    let ids = Set(sessions.map { $0.id })
    #expect(try store.readSets(of: &all) { _ in true } == ids)
    #expect(all == sessions)

    // Only the session whose sets changed has a new digest.
    var heavier = sessions[7]
    heavier.exercises[0].sets[0].weight = 69.5
    _ = try store.importSessions([heavier])
    let after = try store.sessions()
    #expect(after[7].contentDigest != unread[7].contentDigest)
    #expect(zip(after, unread).filter { $0.contentDigest != $1.contentDigest }.map(\.0.id) == ["s1007"])

    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "UPDATE session SET exercises = x'0105' WHERE id = 's1050'")
    }
    var again = try store.sessions()
    #expect(try store.readSets(of: &again) { few.contains($0.id) } == few)
    for needed in [{ (session: Session) in session.id == "s1050" }, { _ in true }] {
      #expect {
        try store.readSets(of: &again, where: needed)
      } throws: { error in
        "\(error)".contains("table 'session', row 's1050': column 'exercises' holds '2 bytes: 01 05'")
      }
    }
  }
}
