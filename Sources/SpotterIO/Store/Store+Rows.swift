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

extension Store {
  /// The case of `T` whose name in `names` is the text in `column`, matched on the bytes
  /// without making a String of them; nil when the column is NULL or names no case.
  ///
  /// A session's source and state are read so for every session of every night: a String made
  /// and matched against the cases' names cost about 1,000 instructions a session, a tenth of
  /// reading it.
  static func rawCase<T>(_ names: [(bytes: [UInt8], value: T)], _ handle: OpaquePointer, _ column: Int32)
    -> T?
  {
    guard sqlite3_column_type(handle, column) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, column)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    for name in names where name.bytes.count == count {
      let equal = name.bytes.withUnsafeBufferPointer { name in
        name.baseAddress.map { memcmp($0, bytes, count) == 0 } ?? (count == 0)
      }
      if equal { return name.value }
    }
    return nil
  }

  /// The case of `T` in `column` (``rawCase(_:_:_:)``); NULL or a name of no case is damage of
  /// `table`'s `row`, reported with the text as it stands.
  static func decodedCase<T: RawRepresentable>(
    _ names: [(bytes: [UInt8], value: T)], _ handle: OpaquePointer, _ column: Int32, table: String,
    row: String, name: String
  ) throws -> T where T.RawValue == String {
    if let value = rawCase(names, handle, column) { return value }
    guard let stored = text(handle, column) else {
      throw StoredRowDamage(table: table, row: row, column: name, value: "NULL")
    }
    return try StoredRowDamage.decode(T.self, stored, table: table, row: row, column: name)
  }

  /// The number in `column`, as times are kept; nil for NULL. Text or a blob where a time
  /// belongs is damage of `table`'s `row`, not 1970.
  static func number(
    _ handle: OpaquePointer, _ column: Int32, table: String, row: String, name: String
  ) throws -> Double? {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_NULL: return nil
    case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_column_double(handle, column)
    default: throw StoredRowDamage(table: table, row: row, column: name, value: text(handle, column) ?? "")
    }
  }

  /// The raw values of `T`'s cases as bytes, for ``rawCase(_:_:_:)``.
  static func caseNames<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> [(bytes: [UInt8], value: T)]
  where T.RawValue == String {
    T.allCases.map { (Array($0.rawValue.utf8), $0) }
  }
}
