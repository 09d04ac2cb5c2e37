import Foundation
import GRDB
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Schema v9 moves actions stored under a typed prefix to the UID it named.
@Suite struct StoreMigrationV9Tests {
  @Test func actionsStoredUnderAPrefixMoveToTheirReminder() throws {
    let path = TestScratch.root
      .appendingPathComponent("spotter-v9-\(UUID().uuidString)/spotter.sqlite").path
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: path)
    try Store.migrator.migrate(queue, upTo: "v8")
    try queue.write { db in
      for uid in [
        "workout-reminder-2026-11-23@spotter", "workout-reminder-2026-11-25@spotter",
        "workout-reminder-2026-11-27@spotter", "rest-reminder-2026-11-24@spotter",
      ] {
        try db.execute(
          sql: """
            INSERT INTO reminder (uid, kind, date, status, sequence, stamp, starts_at, ends_at, fires_at,
              title, body) VALUES (?, 'workout', '2026-11-23', 'CONFIRMED', 1, 0, 0, 0, 0, 't', 'b')
            """, arguments: [uid])
      }
      try db.execute(
        sql: """
          INSERT INTO reminder_action VALUES ('workout-reminder-2026-11-25', 0, NULL, 1795379400.0);
          INSERT INTO reminder_action VALUES ('workout-reminder-2026-11-27', 2, 1795798500.0, NULL);
          INSERT INTO reminder_action VALUES ('workout-reminder-2026-11-27@spotter', 1, NULL, NULL);
          INSERT INTO reminder_action VALUES ('workout-reminder-2026-11-2', 1, 5.0, NULL);
          INSERT INTO reminder_action VALUES ('workout-reminder-2026-11-23@spotter', 1, 7.0, NULL);
          INSERT INTO reminder_action VALUES ('gone-reminder', 1, NULL, 3.0);
          INSERT INTO reminder_action VALUES ('workout_reminder%', 1, NULL, 3.0);
          """)
    }
    try queue.close()

    let actions = try Store(path: path).actions()
    #expect(
      actions["workout-reminder-2026-11-25@spotter"]?.doneAt == Date(timeIntervalSince1970: 1_795_379_400))
    #expect(actions["workout-reminder-2026-11-25"] == nil)
    // Merged with the row already under the full UID: the typed row's snooze and the larger round.
    let merged = try #require(actions["workout-reminder-2026-11-27@spotter"])
    #expect(merged.round == 2 && merged.snoozedUntil == Date(timeIntervalSince1970: 1_795_798_500))
    #expect(actions["workout-reminder-2026-11-27"] == nil)
    // Ambiguous, unknown and wildcard-like keys stay as they were; full UIDs are untouched.
    #expect(actions["workout-reminder-2026-11-2"]?.snoozedUntil == Date(timeIntervalSince1970: 5))
    #expect(actions["gone-reminder"] != nil)
    #expect(actions["workout_reminder%"] != nil)
    #expect(actions["workout-reminder-2026-11-23@spotter"]?.snoozedUntil == Date(timeIntervalSince1970: 7))
    #expect(try Store(path: path).schemaVersionOnDisk() == Store.schemaVersion)
  }
}
