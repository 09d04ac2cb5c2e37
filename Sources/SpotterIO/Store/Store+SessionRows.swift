import Foundation
import GRDB
import GRDBSQLite
import SpotterCore

extension Store {
  /// The sessions a query of ``sessionColumns`` (followed by `exercises` when `sets`) returns,
  /// read with SQLite's own column calls: the one way session rows are read.
  ///
  /// GRDB's `Row` turns each column into a `DatabaseValue` and back through a generic
  /// conversion: reading the 1,000 sessions of five years with their sets took 2.5 ms that way
  /// in an unchanged night, and takes 1.65 ms so. The values are read as GRDB read them (text as UTF-8, times
  /// as doubles, `time_known` as an integer), and a value of the wrong kind is reported as
  /// damage with its table, row and column instead of stopping the process.
  ///
  /// The marks `spotter session` set are read on their own and laid over the imported states
  /// here: a `LEFT JOIN session_mark` looked each session up in the marks' index, 900
  /// instructions a session even with no mark at all, a fifth of reading five years of them.
  func sessionRows(
    _ db: Database, sql: String, arguments: StatementArguments = [], sets: Bool
  ) throws -> [Session] {
    let marks = try Self.sessionMarks(db)
    return try Self.rows(db, sql: sql, arguments: arguments) { try session($0, sets: sets, marks: marks) }
  }

  /// Every session's mark, by session id; a mark without a state or time is none, as a join
  /// found it, and one of the wrong kind is damage.
  static func sessionMarks(_ db: Database) throws -> [String: (state: SessionState, at: Date)] {
    typealias Mark = (state: SessionState, at: Date)
    func mark(_ handle: OpaquePointer) throws -> (id: String, mark: Mark?) {
      let id = text(handle, 0) ?? ""
      guard sqlite3_column_type(handle, 1) != SQLITE_NULL,
        let at = try number(handle, 2, table: "session_mark", row: id, name: "at")
      else { return (id, nil) }
      let state = try decodedCase(stateNames, handle, 1, table: "session_mark", row: id, name: "state")
      return (id, (state, Date(timeIntervalSince1970: at)))
    }
    var marks: [String: Mark] = [:]
    for row in try rows(db, sql: "SELECT session_id, state, at FROM session_mark", arguments: [], mark) {
      if let found = row.mark { marks[row.id] = found }
    }
    return marks
  }

  static let sourceNames = caseNames(SessionSource.self)
  static let stateNames = caseNames(SessionState.self)

  /// The session in the current row of `handle`; a mark overrides the imported state.
  private func session(
    _ handle: OpaquePointer, sets: Bool, marks: [String: (state: SessionState, at: Date)]
  ) throws -> Session {
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func text(_ column: Int32) -> String? { Self.text(handle, column) }
    let id = text(0) ?? ""
    func number(_ column: Int32, _ name: String) throws -> Double? {
      try Self.number(handle, column, table: "session", row: id, name: name)
    }
    func required<T>(_ value: T?, _ column: String) throws -> T {
      guard let value else { throw StoredRowDamage(table: "session", row: id, column: column, value: "NULL") }
      return value
    }
    func decode<T: RawRepresentable>(_ names: [(bytes: [UInt8], value: T)], _ column: Int32, _ name: String)
      throws -> T
    where T.RawValue == String {
      try Self.decodedCase(names, handle, column, table: "session", row: id, name: name)
    }
    guard !isNull(0) else { throw StoredRowDamage(table: "session", row: "", column: "id", value: "NULL") }
    var session = Session(
      id: id, source: try decode(Self.sourceNames, 1, "source"),
      workoutName: try required(text(2), "workout_name"),
      start: Date(timeIntervalSince1970: try required(number(3, "started_at"), "started_at")),
      end: try number(4, "ended_at").map(Date.init(timeIntervalSince1970:)),
      state: try decode(Self.stateNames, 5, "state"),
      hasTimeOfDay: sqlite3_column_int64(handle, 6) != 0)
    if !marks.isEmpty, let mark = marks[id] { session.mark(mark.state, at: mark.at) }
    guard sets else { return session }
    let column = Int32(Self.exercisesIndex)
    let packed: [UInt8]? =
      isNull(column)
      ? nil
      : sqlite3_column_blob(handle, column).map {
        [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_column_bytes(handle, column))))
      } ?? []
    guard let packed, session.setPackedExercises(packed) else {
      throw SpotterIOError.store(
        path: path,
        reason: Phrase(
          "damaged sets of session '\(session.id)'", de: "beschädigte Sätze der Einheit '\(session.id)'"))
    }
    return session
  }
}
