import Foundation
import GRDB
import SpotterCore

/// The store's side of streaming a repeating focus block's alerts: read a stretch of days at a
/// time, and written in one transaction with the command's save.
///
/// A repeating block's alert carries its date in its UID, so the revision of one UID is always
/// in the stretch of its date: a run can reconcile and write a week at a time, and a hundred
/// thousand alerts never stand in memory together.
extension Store {
  /// SQL that holds for a focus alert whose UID ends in its own date (`…-2026-11-26@spotter`): an
  /// occurrence of a repeating block. A one-off block keeps its UID when it moves to another day,
  /// so its alert is not one of these.
  static let datedFocusAlert =
    "(kind = '\(ReminderKind.focusBlock.rawValue)' AND substr(uid, -(length(date) + 9)) = '-' || date || '@spotter')"

  /// The stored reminders dated from `start` on, but for the dated focus alerts when
  /// `besideDatedFocusAlerts` (a plan's snapshot, which ``datedFocusAlerts(in:)`` streams them
  /// to a stretch at a time); and, read by the same statement, the unstarted ones: dated in the
  /// two days before `start` and beginning after `now`, but for follow-ups (which a plan reads
  /// whatever their date). Only a change of the zone dates a reminder still ahead before today
  /// (the day a Berlin evening was is yesterday in Sydney); a plan cancels them
  /// (``PlanSnapshot/orphaned``) and the outputs carry them until they start.
  ///
  /// One statement over one range of the date index: a second statement's preparing cost
  /// 130,000 instructions of every unchanged night of a batch user.
  public func reminders(from start: LocalDate, unstartedAfter now: Date, besideDatedFocusAlerts: Bool) throws
    -> (from: [ReminderRecord], unstarted: [ReminderRecord])
  {
    let fromStart = besideDatedFocusAlerts ? "date >= ?1 AND NOT \(Self.datedFocusAlert)" : "date >= ?1"
    let all = try reminders(
      where: "date >= ?2 AND ((\(fromStart)) OR (date < ?1 AND starts_at > ?3))",
      [start.description, start.adding(days: -Self.datesAZoneMoves).description, now.timeIntervalSince1970])
    return (all.filter { $0.date >= start }, all.filter { $0.date < start && !$0.kind.followsEvents })
  }

  /// How many days a change of the zone can move a reminder's date back: zones are at most 26
  /// hours apart.
  static let datesAZoneMoves = 2

  /// The SEQUENCE of each of `uids` stored under a date before `date`, by UID: the alert of a
  /// one-off block keeps its UID when the block moves, so one moved from a past day into the plan
  /// continues its revisions instead of starting again at 0, which a calendar holding the
  /// earlier revision would take for an old copy. Looked up by UID, a few hundred at a time.
  public func sequences(of uids: [String], before date: LocalDate) throws -> [String: Int] {
    guard !uids.isEmpty else { return [:] }
    return try guarded {
      try read { db in
        var sequences: [String: Int] = [:]
        var start = 0
        while start < uids.count {
          let chunk = uids[start..<min(start + 500, uids.count)]
          start += chunk.count
          let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
          let rows = try Row.fetchCursor(
            db, sql: "SELECT uid, sequence FROM reminder WHERE date < ? AND uid IN (\(marks))",
            arguments: StatementArguments([date.description] + Array(chunk)))
          while let row = try rows.next() {
            let (key, value): (DatabaseValue, DatabaseValue) = (row[0], row[1])
            let uid = String.fromDatabaseValue(key) ?? key.description
            guard let sequence = Int.fromDatabaseValue(value), sequence >= 0 else {
              throw StoredRowDamage(table: "reminder", row: uid, column: "sequence", value: value.description)
            }
            sequences[uid] = sequence
          }
        }
        return sequences
      }
    }
  }

  /// The stored alerts of repeating focus blocks dated in `dates`, ordered by start then UID.
  public func datedFocusAlerts(in dates: Range<LocalDate>) throws -> [ReminderRecord] {
    try reminders(
      where: "date >= ? AND date < ? AND \(Self.datedFocusAlert)",
      [dates.lowerBound.description, dates.upperBound.description])
  }

  /// The last date and the latest end of the stored alerts of repeating focus blocks dated from
  /// `start` on; nil when there are none.
  public func datedFocusAlertBounds(from start: LocalDate) throws -> (lastDate: LocalDate, latestEnd: Date)? {
    try guarded {
      try read { db in
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

  /// Opens the transaction a streamed run writes its weeks of revisions in, and the command's
  /// save after them: until ``commit()``, no other connection sees any of it, and a process
  /// killed on the way leaves the store as it was (SQLite drops an uncommitted transaction).
  ///
  /// It is IMMEDIATE, so the store's write lock is taken now, not at the first write: the
  /// process lock already keeps other writers out, and a reader is never blocked in WAL mode.
  public func begin() throws {
    try guarded { try queue.writeWithoutTransaction { try $0.beginTransaction(.immediate) } }
  }

  /// Commits the transaction ``begin()`` opened.
  public func commit() throws {
    try guarded { try queue.writeWithoutTransaction { try $0.commit() } }
  }

  /// Drops what the transaction ``begin()`` opened has written; nothing when none is open.
  public func rollback() throws {
    try guarded {
      try queue.writeWithoutTransaction { db in
        if db.isInsideTransaction { try db.rollback() }
      }
    }
  }

  /// Saves a streamed week's new revisions straight into the transaction ``begin()`` opened,
  /// without a savepoint of its own.
  ///
  /// The week is not a unit of its own: the publisher rolls the whole transaction back on any
  /// failure. A savepoint per week would make SQLite copy every page the week touches into its
  /// sub-journal first, and the hot pages of the UID index are touched every week: 92 MB of
  /// temporary-file writes for a first run of 100,000 alerts.
  public func saveStreamed(_ records: [ReminderRecord]) throws {
    try guarded {
      try queue.writeWithoutTransaction { db in
        guard db.isInsideTransaction else {
          throw SpotterIOError.store(
            path: path,
            reason: Phrase(
              "a streamed week was saved outside a run's transaction",
              de: "eine gestreamte Woche wurde außerhalb der Transaktion eines Laufs gespeichert"))
        }
        try Self.save(records, db: db)
      }
    }
  }

  /// Runs `body` as one unit: a transaction of its own, or a savepoint inside the one ``begin()``
  /// opened. Every write of the store goes through here, but a streamed week's
  /// (``saveStreamed(_:)``), which is only ever part of a run's transaction.
  func writing<T>(_ body: (Database) throws -> T) throws -> T {
    try queue.writeWithoutTransaction { db in
      try committed(
        { try db.inSavepoint($0) },
        orElse: Phrase("a write gave no result", de: "ein Schreibvorgang gab kein Ergebnis")
      ) { try body(db) }
    }
  }
}
