import Foundation
import GRDB
import SpotterCore

extension Store {
  /// Every snooze and done mark, by UID.
  public func actions() throws -> [String: ReminderAction] {
    try guarded {
      try read { db in
        var actions: [String: ReminderAction] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM reminder_action") {
          let snoozed: Double? = row["snoozed_until"]
          let done: Double? = row["done_at"]
          let action = ReminderAction(
            uid: row["uid"], round: row["round"],
            snoozedUntil: snoozed.map(Date.init(timeIntervalSince1970:)),
            doneAt: done.map(Date.init(timeIntervalSince1970:)))
          actions[action.uid] = action
        }
        return actions
      }
    }
  }

  /// The dates `spotter skip` took off.
  public func skippedDays() throws -> Set<LocalDate> {
    try guarded {
      try read { db in
        Set(
          try String.fetchAll(db, sql: "SELECT date FROM skipped_day").map { text in
            guard let date = LocalDate(parsing: text) else {
              throw StoredRowDamage(table: "skipped_day", row: text, column: "date", value: text)
            }
            return date
          })
      }
    }
  }

  /// Saves an action, a skipped day's change and the reminder revisions they lead to, in one
  /// transaction.
  public func save(
    action: ReminderAction? = nil, skip: (date: LocalDate, skipped: Bool, at: Date)? = nil,
    records: [ReminderRecord], history: [Delivery] = [], findings: RunFindings? = nil
  ) throws {
    try guarded {
      try writing { db in
        for entry in history { try Self.insert(entry, db: db) }
        if let action {
          // A round moved: the catch-up's mark may hide a reminder that is open again.
          try Self.setSetting(Self.catchUpMarkKey, nil, db: db)
          try db.execute(
            sql:
              "INSERT OR REPLACE INTO reminder_action (uid, round, snoozed_until, done_at) VALUES (?, ?, ?, ?)",
            arguments: [
              action.uid, action.round, action.snoozedUntil?.timeIntervalSince1970,
              action.doneAt?.timeIntervalSince1970,
            ])
        }
        if let skip {
          if skip.skipped {
            try db.execute(
              sql: "INSERT OR REPLACE INTO skipped_day (date, at) VALUES (?, ?)",
              arguments: [skip.date.description, skip.at.timeIntervalSince1970])
          } else {
            try db.execute(sql: "DELETE FROM skipped_day WHERE date = ?", arguments: [skip.date.description])
          }
        }
        try Self.save(records, db: db)
        if let findings { try Self.save(findings, db: db) }
      }
    }
  }

  /// A named value; nil when unset.
  public func setting(_ key: String) throws -> String? {
    try guarded { try read { db in try Self.setting(key, db: db) } }
  }

  /// A named value inside a transaction already open; nil when unset.
  static func setting(_ key: String, db: Database) throws -> String? {
    // Cached: a night reads four settings, and each was a statement prepared again.
    try String.fetchOne(
      db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [key])
  }

  /// Sets (or with nil, removes) a named value.
  public func setSetting(_ key: String, _ value: String?) throws {
    try guarded { try writing { db in try Self.setSetting(key, value, db: db) } }
  }

  /// Sets (or with nil, removes) a named value inside a transaction already open.
  static func setSetting(_ key: String, _ value: String?, db: Database) throws {
    if let value {
      // An equal value writes nothing: an unchanged night then commits no page, and closing
      // the store has nothing to checkpoint.
      try db.execute(
        sql: """
          INSERT INTO setting (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value
          """, arguments: [key, value])
    } else {
      try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
    }
  }
}
