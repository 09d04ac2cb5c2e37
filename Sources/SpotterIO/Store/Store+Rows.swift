import Foundation
import GRDB
import GRDBSQLite

extension Store {
  /// What `read` makes of each row `sql` returns, stepped with SQLite's own calls on the
  /// connection's cached statement: the row loop of ``sessionRows(_:sql:arguments:sets:)`` and
  /// ``records(_:sql:arguments:)``, which read their columns past GRDB's `Row`.
  static func rows<T>(
    _ db: Database, sql: String, arguments: StatementArguments, _ read: (OpaquePointer) throws -> T
  ) throws -> [T] {
    let statement = try db.cachedStatement(sql: sql)
    try statement.setArguments(arguments)
    let handle = statement.sqliteStatement
    defer { sqlite3_reset(handle) }
    var values: [T] = []
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return values }
      guard code == SQLITE_ROW else { throw sqliteError(code, db: db, statement: statement) }
      values.append(try read(handle))
    }
  }

  /// The text in `column` of the current row of `handle`, as UTF-8; nil for NULL.
  static func text(_ handle: OpaquePointer, _ column: Int32) -> String? {
    guard sqlite3_column_type(handle, column) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, column)
    else { return nil }
    return String(
      decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))),
      as: UTF8.self)
  }
}
