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
    // The fingerprint's bytes, not a String of them: sixteen digits would be allocated for each
    // of years of sessions.
    let fingerprint = Int32(Self.fingerprintIndex)
    guard !isNull(fingerprint), let digits = sqlite3_column_text(handle, fingerprint) else {
      throw StoredRowDamage(table: "session", row: id, column: "fingerprint", value: "NULL")
    }
    var digest = Fingerprint()
    digest.combine(
      words: UnsafeRawBufferPointer(start: digits, count: Int(sqlite3_column_bytes(handle, fingerprint))))
    session.contentDigest = digest.value
    guard sets else { return session }
    try takeSets(handle, Int32(Self.exercisesIndex), into: &session)
    return session
  }

  /// Reads the sets of the sessions for which `needed` holds into them, in place; the ids of
  /// the sessions whose sets were read.
  ///
  /// For a night that read the sessions without their sets (``sessions(includeSets:)``) and
  /// needs those of a few: the unfinished ones and those past the follow-ups' cursors. A few are
  /// looked up by id; many, in one pass over the table, as ``sessions(includeSets:)`` reads them.
  public func readSets(of sessions: inout [Session], where needed: (Session) -> Bool) throws -> Set<String> {
    var positions: [String: Int] = [:]
    for index in sessions.indices where needed(sessions[index]) { positions[sessions[index].id] = index }
    guard !positions.isEmpty else { return [] }
    return try guarded {
      try read { db in
        let lookingUp = positions.count <= Self.setLookups
        let statement = try db.cachedStatement(
          sql: lookingUp
            ? "SELECT id, exercises FROM session WHERE id = ?" : "SELECT id, exercises FROM session")
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        var found: Set<String> = []
        func take() throws {
          let id = Self.text(handle, 0) ?? ""
          guard let index = positions[id] else { return }
          try takeSets(handle, 1, into: &sessions[index])
          found.insert(id)
        }
        func step() throws -> Bool {
          let code = sqlite3_step(handle)
          guard code == SQLITE_ROW || code == SQLITE_DONE else {
            throw Self.sqliteError(code, db: db, statement: statement)
          }
          return code == SQLITE_ROW
        }
        if lookingUp {
          for id in positions.keys.sorted() {
            sqlite3_reset(handle)
            try statement.setArguments([id])
            if try step() { try take() }
          }
        } else {
          while try step() { try take() }
        }
        // A session read a moment ago and gone now: the store changed under the read.
        if found.count < positions.count,
          let missing = positions.keys.sorted().first(where: { !found.contains($0) })
        {
          throw damagedSets(missing)
        }
        return found
      }
    }
  }

  /// Up to how many sessions ``readSets(of:where:)`` looks up one by one. Each lookup searches
  /// the ids' index, then the table; for many, one pass over the rows is the cheaper read (a
  /// night's few new sessions are looked up, a first run's years are read in a pass).
  static let setLookups = 64

  /// Takes the packed sets in `column` of the current row of `handle` into `session`, checked
  /// as they load: a damaged blob is an error, never a crash later nor a session without sets.
  private func takeSets(_ handle: OpaquePointer, _ column: Int32, into session: inout Session) throws {
    let packed: [UInt8]? =
      sqlite3_column_type(handle, column) == SQLITE_NULL
      ? nil
      : sqlite3_column_blob(handle, column).map {
        [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_column_bytes(handle, column))))
      } ?? []
    guard let packed, session.setPackedExercises(packed) else {
      throw StoredRowDamage(
        table: "session", row: session.id, column: "exercises", value: Self.blobShown(packed))
    }
  }

  /// A blob as a damage message shows it: its length and first bytes in hex (NULL for none), so
  /// that two damaged rows can be told apart without a dump of kilobytes.
  static func blobShown(_ bytes: [UInt8]?) -> String {
    guard let bytes else { return "NULL" }
    let head = bytes.prefix(8).map { ASCIIDigits.hex($0) }.joined(separator: " ")
    let unit = bytes.count == 1 ? "byte" : "bytes"
    return "\(bytes.count) \(unit)" + (bytes.isEmpty ? "" : ": \(head)\(bytes.count > 8 ? " …" : "")")
  }

  private func damagedSets(_ id: String) -> SpotterIOError {
    SpotterIOError.store(
      path: path,
      reason: Phrase("damaged sets of session '\(id)'", de: "beschädigte Sätze der Einheit '\(id)'"))
  }
}
