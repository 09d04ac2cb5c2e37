import Foundation
import GRDB
import GRDBSQLite
import SpotterCore

extension Store {
  /// The reminders a query of ``reminderColumns`` selects, read with SQLite's own column
  /// calls, a row at a time: the one way reminder rows are read.
  ///
  /// GRDB's `Row` read a time stored as text as 0, 1970, and a run then rewrote the row as if
  /// it had changed, saying nothing; a value of the wrong kind is now reported as damage with its
  /// table, row and column, as a session's is (``sessionRows(_:sql:arguments:sets:)``). A night
  /// reads three such queries; their 13 columns through `Row` were a twentieth of an unchanged
  /// night in a batch.
  static func records(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments())
    throws -> [ReminderRecord]
  {
    try rows(db, sql: sql, arguments: arguments, record)
  }

  /// The reminder in the current row of `handle`.
  private static func record(_ handle: OpaquePointer) throws -> ReminderRecord {
    func text(_ column: Int32) -> String? { Self.text(handle, column) }
    let uid = text(0) ?? ""
    func damage(_ column: String, _ value: String) -> StoredRowDamage {
      StoredRowDamage(table: "reminder", row: uid, column: column, value: value)
    }
    func required(_ column: Int32, _ name: String) throws -> String {
      guard let value = text(column) else { throw damage(name, "NULL") }
      return value
    }
    // A time, as a number (``Store/number(_:_:table:row:name:)``); NULL is damage here too.
    func instant(_ column: Int32, _ name: String) throws -> Date {
      guard let seconds = try number(handle, column, table: "reminder", row: uid, name: name) else {
        throw damage(name, "NULL")
      }
      return Date(timeIntervalSince1970: seconds)
    }
    guard sqlite3_column_type(handle, 0) != SQLITE_NULL else { throw damage("uid", "NULL") }
    let day = try required(2, "date")
    guard let date = LocalDate(parsing: day) else { throw damage("date", day) }
    guard sqlite3_column_type(handle, 4) == SQLITE_INTEGER else {
      throw damage("sequence", text(4) ?? "NULL")
    }
    return ReminderRecord(
      uid: uid,
      kind: try StoredRowDamage.decode(
        ReminderKind.self, try required(1, "kind"), table: "reminder", row: uid, column: "kind"),
      date: date,
      status: try StoredRowDamage.decode(
        EventStatus.self, try required(3, "status"), table: "reminder", row: uid, column: "status"),
      sequence: Int(sqlite3_column_int64(handle, 4)), stamp: try instant(5, "stamp"),
      start: try instant(6, "starts_at"), end: try instant(7, "ends_at"), fire: try instant(8, "fires_at"),
      title: try required(9, "title"), body: try required(10, "body"), summary: text(11), entity: text(12))
  }
}
