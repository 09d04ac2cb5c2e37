import Foundation
import GRDB
import SpotterCore

/// The store's side of streaming a repeating focus block's alerts: read a stretch of days at a
/// time, and new revisions held back until the command's one save.
///
/// A repeating block's alert carries its date in its UID, so the revision of one UID is always
/// in the stretch of its date: a run can reconcile and write a week at a time, and a hundred
/// thousand alerts never stand in memory together.
extension Store {
  /// The temporary table where revisions wait for the command's save: connection-scoped, so a
  /// process killed before its save leaves nothing behind in the store.
  static let pendingTable = "pending_reminder"

  /// SQL that holds for a focus alert whose UID ends in its own date (`…-2026-11-26@spotter`): an
  /// occurrence of a repeating block. A one-off block keeps its UID when it moves to another day,
  /// so its alert is not one of these.
  static let datedFocusAlert =
    "(kind = '\(ReminderKind.focusBlock.rawValue)' AND substr(uid, -(length(date) + 9)) = '-' || date || '@spotter')"

  /// The stored reminders dated from `start` on, but for the dated focus alerts, which
  /// ``datedFocusAlerts(in:)`` reads a stretch at a time.
  public func remindersBesideDatedFocusAlerts(from start: LocalDate) throws -> [ReminderRecord] {
    try guarded {
      try queue.read { db in
        try Self.records(
          db,
          sql:
            "SELECT \(Self.reminderColumns()) FROM reminder WHERE date >= ? AND NOT \(Self.datedFocusAlert)"
            + " ORDER BY starts_at, uid", arguments: [start.description])
      }
    }
  }

  /// The stored alerts of repeating focus blocks dated in `dates`, ordered by start then UID.
  public func datedFocusAlerts(in dates: Range<LocalDate>) throws -> [ReminderRecord] {
    try guarded {
      try queue.read { db in
        try Self.records(
          db,
          sql: "SELECT \(Self.reminderColumns()) FROM reminder WHERE date >= ? AND date < ? AND "
            + "\(Self.datedFocusAlert) ORDER BY starts_at, uid",
          arguments: [dates.lowerBound.description, dates.upperBound.description])
      }
    }
  }

  /// The last date and the latest end of the stored alerts of repeating focus blocks dated from
  /// `start` on; nil when there are none.
  public func datedFocusAlertBounds(from start: LocalDate) throws -> (lastDate: LocalDate, latestEnd: Date)? {
    try guarded {
      try queue.read { db in
        guard
          let row = try Row.fetchOne(
            db,
            sql: "SELECT max(date), max(ends_at) FROM reminder WHERE date >= ? AND \(Self.datedFocusAlert)",
            arguments: [start.description]),
          let day: String = row[0], let end: Double = row[1]
        else { return nil }
        guard let date = LocalDate(parsing: day) else {
          throw StoredRowDamage(table: "reminder", row: "max(date)", column: "date", value: day)
        }
        return (date, Date(timeIntervalSince1970: end))
      }
    }
  }

  /// Holds `records` back for the next save of reminder revisions on this connection
  /// (``save(_:focusUpserts:focusDeletes:findings:)`` and the other saves), which writes them in
  /// its own transaction; ``discardPending()`` forgets them.
  public func stagePending(_ records: [ReminderRecord]) throws {
    guard !records.isEmpty else { return }
    try guarded {
      try queue.write { db in
        try db.execute(
          sql: "CREATE TEMP TABLE IF NOT EXISTS \(Self.pendingTable) AS SELECT * FROM main.reminder WHERE 0")
        try Self.insert(records, into: "temp.\(Self.pendingTable)", db: db)
      }
    }
  }

  /// Forgets the revisions ``stagePending(_:)`` held back, after a failed command.
  public func discardPending() throws {
    try guarded {
      try queue.write { db in try db.execute(sql: "DROP TABLE IF EXISTS temp.\(Self.pendingTable)") }
    }
  }

  /// Whether revisions held back by ``stagePending(_:)`` still wait for a save.
  public func hasPendingRevisions() throws -> Bool {
    try guarded { try queue.read { try Self.hasPending($0) } }
  }

  private static func hasPending(_ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT count(*) > 0 FROM sqlite_temp_master WHERE type = 'table' AND name = ?",
      arguments: [pendingTable]) ?? false
  }

  /// Writes the held-back revisions into the reminder table, inside the caller's transaction.
  static func savePending(db: Database) throws {
    guard try hasPending(db) else { return }
    try db.execute(sql: "INSERT OR REPLACE INTO main.reminder SELECT * FROM temp.\(pendingTable)")
    try db.execute(sql: "DROP TABLE temp.\(pendingTable)")
  }
}
