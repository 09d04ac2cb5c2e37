import Foundation
import GRDB

/// Schema v9, frozen: `reminder_action` rows keyed by the text a user typed become keyed by the
/// reminder's UID.
///
/// Before v9, `spotter done workout-rem` and `spotter snooze workout-rem 30m` stored the prefix
/// as typed, so the planner, which looks actions up by full UID, never saw them and the next run
/// put the reminder back. A row whose key is no stored UID but the prefix of exactly one is moved
/// to that UID, merged with any row already there; a key that matches none or several is left
/// as it is (it names nothing the planner could act on, and guessing would act on the wrong one).
enum StoreMigrationV9 {
  static func migrate(_ db: Database) throws {
    let orphans = try Row.fetchAll(
      db,
      sql: """
        SELECT uid, round, snoozed_until, done_at FROM reminder_action
        WHERE uid NOT IN (SELECT uid FROM reminder) ORDER BY uid
        """)
    for orphan in orphans {
      let typed: String = orphan["uid"]
      // `substr` rather than LIKE: a typed prefix may hold `%` or `_`, which LIKE reads as wildcards.
      let matches = try String.fetchAll(
        db, sql: "SELECT uid FROM reminder WHERE substr(uid, 1, length(?)) = ? ORDER BY uid LIMIT 2",
        arguments: [typed, typed])
      guard matches.count == 1, let uid = matches.first else { continue }
      let existing = try Row.fetchOne(
        db, sql: "SELECT round, snoozed_until, done_at FROM reminder_action WHERE uid = ?", arguments: [uid])
      // The typed row is the user's word the planner never saw: it wins where it says something.
      let round = max(orphan["round"] as Int, existing?["round"] ?? 0)
      let snoozed: Double? = orphan["snoozed_until"] ?? existing?["snoozed_until"]
      let done: Double? = orphan["done_at"] ?? existing?["done_at"]
      try db.execute(sql: "DELETE FROM reminder_action WHERE uid = ?", arguments: [typed])
      try db.execute(
        sql:
          "INSERT OR REPLACE INTO reminder_action (uid, round, snoozed_until, done_at) VALUES (?, ?, ?, ?)",
        arguments: [uid, round, snoozed, done])
    }
    try db.execute(sql: "PRAGMA user_version = 9")
  }
}
