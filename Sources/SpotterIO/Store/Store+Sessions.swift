import Foundation
import GRDB
import SpotterCore

extension Store {
  /// The sessions whose id is `id` or starts with it, with their sets; several for an ambiguous
  /// prefix.
  public func sessions(matching id: String) throws -> [Session] {
    try guarded {
      try read { db in
        let pattern =
          id.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT \(Self.sessionColumns), exercises FROM session LEFT JOIN session_mark ON session_id = id
            WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY started_at, id
            """, arguments: [id, pattern])
        if let exact = rows.first(where: { ($0["id"] as String) == id }) {
          return [try session(withSets: exact)]
        }
        return try rows.map(session(withSets:))
      }
    }
  }

  /// A row of ``sessionColumns`` followed by `exercises`, with its sets checked and kept packed:
  /// they are decoded only where they are read.
  func session(withSets row: Row) throws -> Session {
    var session = try Self.session(row)
    let packed = try row.withUnsafeData(atIndex: Self.exercisesIndex) { data in
      data.map { [UInt8]($0) }
    }
    guard let packed, session.setPackedExercises(packed) else {
      throw SpotterIOError.store(
        path: path,
        reason: Phrase(
          "damaged sets of session '\(session.id)'", de: "beschädigte Sätze der Einheit '\(session.id)'"))
    }
    return session
  }

  static func mark(_ sessionID: String, state: SessionState, at: Date, db: Database) throws {
    try db.execute(
      sql: "INSERT OR REPLACE INTO session_mark (session_id, state, at) VALUES (?, ?, ?)",
      arguments: [sessionID, state.rawValue, at.timeIntervalSince1970])
  }

  /// Sets a session's state as `spotter session` does, with the reminder revisions that follow.
  public func mark(
    _ sessionID: String, state: SessionState, at now: Date, records: [ReminderRecord], findings: RunFindings
  ) throws {
    try guarded {
      try writing { db in
        try Self.mark(sessionID, state: state, at: now, db: db)
        try Self.save(records, db: db)
        try Self.save(findings, db: db)
      }
    }
  }

  /// The stored reminders of `kinds`, whatever their date.
  public func reminders(kinds: [ReminderKind]) throws -> [ReminderRecord] {
    let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
    return try reminders(where: "kind IN (\(marks))", StatementArguments(kinds.map(\.rawValue)))
  }
}
