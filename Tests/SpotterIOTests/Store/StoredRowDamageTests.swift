import Foundation
import GRDB
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// A stored value this Spotter cannot read is an error naming the table, the row, the column and
/// the value; it never drops the row or stands in a default.
@Suite struct StoredRowDamageTests {
  let stamp = Date(timeIntervalSince1970: 1_795_000_000)

  /// A store with one session, one reminder, one delivery and one skipped day, closed.
  func store() throws -> String {
    let path = TestScratch.root
      .appendingPathComponent("spotter-rows-\(UUID().uuidString)/spotter.sqlite").path
    let store = try Store(path: path)
    _ = try store.importSessions(try FixtureLoader.read("strong-s3.csv").1)
    let record = ReminderRecord(
      uid: "workout-reminder-2026-11-23@spotter", kind: .workout, date: TestZones.date("2026-11-23"),
      status: .confirmed, sequence: 0, stamp: stamp, start: stamp, end: stamp.addingTimeInterval(3600),
      fire: stamp.addingTimeInterval(-1800), title: "Workout Time!", body: "Today: Push Day")
    try store.save(
      skip: (TestZones.date("2026-11-24"), true, stamp), records: [record],
      history: [Delivery(record, round: 0, channel: "c", at: stamp, outcome: .delivered, reason: "")])
    return path
  }

  /// Sets `sql` on the closed store at `path` behind Spotter's back.
  func tamper(_ path: String, _ sql: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: sql) }
    try queue.close()
  }

  /// Lifts the NOT NULL of the text `column` of `table` in the store at `path`, as a damaged
  /// file could have it: a store is only a file.
  func liftNotNull(_ path: String, table: String, column: String) throws {
    try tamper(
      path,
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(sql, '\(column) TEXT NOT NULL', '\(column) TEXT')
        WHERE name = '\(table)';
      """)
  }

  func failure(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func anUnknownReminderKindNamesTheRowInsteadOfDroppingIt() throws {
    let path = try store()
    try tamper(path, "UPDATE reminder SET kind = 'yoga-class'")
    let store = try Store(path: path)
    let message = try #require(failure { _ = try store.reminders(from: TestZones.date("2026-11-01")) })
    #expect(
      message
        == "store damaged: '\(path)': table 'reminder', row 'workout-reminder-2026-11-23@spotter': column "
        + "'kind' holds 'yoga-class', which this Spotter cannot read; restore it from a backup or move it aside"
    )
    #expect(failure { _ = try store.reminder(uid: "workout-reminder-2026-11-23@spotter") } == message)
  }

  /// A session's mark, read beside the sessions rather than joined to them, is laid over the
  /// imported state by every read of sessions; one this Spotter cannot read is damage naming
  /// the mark's table and session, and a mark without a time is none, as a join read it.
  @Test func aSessionsMarkOverridesItsStateInEveryReadAndAnUnreadableOneIsDamage() throws {
    let path = try store()
    let sessions = try Store(path: path).sessions()
    let first = try #require(sessions.first)
    try tamper(
      path,
      "INSERT INTO session_mark (session_id, state, at) VALUES ('\(first.id)', 'abandoned', \(stamp.timeIntervalSince1970))"
    )
    let store = try Store(path: path)
    let marked = try #require(try store.sessions(includeSets: true).first { $0.id == first.id })
    #expect(marked.state == .abandoned && marked.stateChangedAt == stamp)
    #expect(
      try store.sessions(startingIn: first.start..<first.start.addingTimeInterval(1)).map(\.state) == [
        .abandoned
      ])
    #expect(try store.sessions(matching: first.id).map(\.state) == [.abandoned])
    #expect(
      try store.sessions().filter { $0.id != first.id }.map(\.state) == sessions.dropFirst().map(\.state))
    try tamper(path, "UPDATE session_mark SET state = 'gone'")
    let message = try #require(failure { _ = try Store(path: path).sessions() })
    #expect(
      message.contains("table 'session_mark', row '\(first.id)': column 'state' holds 'gone'"), "\(message)")
    try tamper(path, "UPDATE session_mark SET state = 'abandoned', at = 'noon'")
    let time = try #require(failure { _ = try Store(path: path).sessions() })
    #expect(time.contains("table 'session_mark', row '\(first.id)': column 'at' holds 'noon'"), "\(time)")
  }

  @Test func anUnknownSessionStateIsNotReadAsCompleted() throws {
    let path = try store()
    try tamper(
      path, "UPDATE session SET state = 'abandoned-ish' WHERE rowid = (SELECT min(rowid) FROM session)")
    let message = try #require(failure { _ = try Store(path: path).sessions() })
    #expect(message.contains("table 'session', row '"), "\(message)")
    #expect(message.contains("column 'state' holds 'abandoned-ish'"), "\(message)")
  }

  /// Source and state are matched on their bytes: a prefix, a longer name, another case or an
  /// embedded NUL of a name is damage, never the case it resembles.
  @Test(arguments: [
    ("state = 'complete'", "column 'state' holds 'complete'"),
    ("state = 'completed '", "column 'state' holds 'completed '"),
    ("state = 'COMPLETED'", "column 'state' holds 'COMPLETED'"),
    ("source = 'stron'", "column 'source' holds 'stron'"),
    ("source = 'strong' || char(0)", "column 'source' holds 'strong"),
  ])
  func aNameThatIsNotQuiteACaseIsDamage(change: String, expected: String) throws {
    let path = try store()
    try tamper(path, "UPDATE session SET \(change) WHERE rowid = (SELECT min(rowid) FROM session)")
    let message = try #require(failure { _ = try Store(path: path).sessions() })
    #expect(message.contains(expected), "\(message)")
  }

  /// Text where a time belongs was read as 0, a session in 1970; a missing name stopped the
  /// process in GRDB's conversion. Both are damage with the row, the column and the value.
  @Test(arguments: [
    ("started_at = 'abc'", "column 'started_at' holds 'abc'"),
    ("ended_at = x'00ff'", "column 'ended_at' holds '"),
    ("workout_name = NULL", "column 'workout_name' holds 'NULL'"),
  ])
  func aSessionTimeThatIsNoNumberOrAMissingNameIsDamage(change: String, expected: String) throws {
    let path = try store()
    try liftNotNull(path, table: "session", column: "workout_name")
    try tamper(path, "UPDATE session SET \(change) WHERE rowid = (SELECT min(rowid) FROM session)")
    let message = try #require(failure { _ = try Store(path: path).sessions(includeSets: true) })
    #expect(message.contains("table 'session', row '"), "\(message)")
    #expect(message.contains(expected), "\(message)")
  }

  /// A reminder's time that is no number was read as 0, 1970, and the next run rewrote the row
  /// as changed, saying nothing; a missing title stopped the process. Both are damage now.
  @Test(arguments: [
    ("fires_at = 'soon'", "column 'fires_at' holds 'soon'"),
    ("stamp = x'00ff'", "column 'stamp' holds '"),
    ("sequence = 'two'", "column 'sequence' holds 'two'"),
    ("title = NULL", "column 'title' holds 'NULL'"),
  ])
  func aReminderTimeThatIsNoNumberOrAMissingTitleIsDamage(change: String, expected: String) throws {
    let path = try store()
    try liftNotNull(path, table: "reminder", column: "title")
    try tamper(path, "UPDATE reminder SET \(change)")
    let store = try Store(path: path)
    for read in [
      { _ = try store.reminders(from: TestZones.date("2026-11-01")) },
      { _ = try store.reminder(uid: "workout-reminder-2026-11-23@spotter") },
    ] as [() throws -> Void] {
      let message = try #require(failure(read))
      #expect(message.contains("table 'reminder', row 'workout-reminder-2026-11-23@spotter'"), "\(message)")
      #expect(message.contains(expected), "\(message)")
    }
  }

  @Test func anUnknownDeliveryOutcomeAndAnUnreadableSkippedDayAreDamage() throws {
    let path = try store()
    try tamper(path, "UPDATE delivery SET outcome = 'maybe'; UPDATE skipped_day SET date = '2026-13-45'")
    let store = try Store(path: path)
    #expect(
      failure { _ = try store.deliveries(since: Date(timeIntervalSince1970: 0)) }?.contains(
        "table 'delivery', row 'workout-reminder-2026-11-23@spotter': column 'outcome' holds 'maybe'") == true
    )
    #expect(
      failure { _ = try store.skippedDays() }?.contains(
        "table 'skipped_day', row '2026-13-45': column 'date' holds '2026-13-45'") == true)
  }

  /// Schema v2's frozen migration refuses a set kind it does not know, and the store stays at v1.
  @Test func theFrozenMigrationRefusesAnUnknownSetKindAndLeavesTheStoreAsItWas() throws {
    let path = TestScratch.root
      .appendingPathComponent("spotter-v1-\(UUID().uuidString).sqlite").path
    try StoreTests().versionOneStore(
      at: path,
      sets: """
        (7, 0, 0, 'Bench Press', 'normal', 100, 'kg', 8, 1, NULL),
        (7, 1, 0, 'Bench Press', 'cluster', 90, 'kg', 3, 1, NULL)
        """)
    let message = try #require(failure { _ = try Store(path: path) })
    #expect(message.contains("table 'exercise_set', row '7:1': column 'kind' holds 'cluster'"), "\(message)")
    // The migration's transaction was rolled back: still v1, every set row still there.
    let after = try DatabaseQueue(path: path)
    #expect(try after.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 1)
    #expect(try after.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM exercise_set") } == 2)
    try after.close()
  }

  /// A block whose repeat cannot be read is neither made a one-off nor left to repeat for ever.
  @Test(arguments: [
    ("every = 'fortnightly'", "column 'every' holds 'fortnightly'"),
    ("every = 'daily', until = '2026-02-30'", "column 'until' holds '2026-02-30'"),
  ])
  func anUnreadableRepeatIsDamage(set: String, expected: String) throws {
    let path = try store()
    let store = try Store(path: path)
    let start = stamp.timeIntervalSince1970
    try tamper(
      path,
      "INSERT INTO focus_block (id, title, starts_at, ends_at, every, until) VALUES "
        + "('abcd1234', 'Pages', \(start), \(start + 1800), 'daily', NULL); UPDATE focus_block SET \(set)")
    let message = try #require(failure { _ = try store.focusBlocks() })
    #expect(message.contains("table 'focus_block', row 'abcd1234': \(expected)"), "\(message)")
  }
}
