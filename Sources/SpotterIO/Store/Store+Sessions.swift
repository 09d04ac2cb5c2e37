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
        let sessions = try sessionRows(
          db,
          sql: """
            SELECT \(Self.sessionColumns), exercises FROM session
            WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY started_at, id
            """, arguments: [id, pattern], sets: true)
        if let exact = sessions.first(where: { $0.id == id }) { return [exact] }
        return sessions
      }
    }
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

  /// The stored reminders of `kinds`, whatever their date, and those of kind `dated` dated in
  /// `dates`, in one query: a plan's follow-ups and the reminders its reactions are read from.
  ///
  /// The date bound is SQL's, so a store of years of nightly reminders hands over a few weeks of
  /// them rather than all of them, every night.
  public func reminders(
    kinds: [ReminderKind], plus dated: ReminderKind, in dates: Range<LocalDate>
  ) throws -> [ReminderRecord] {
    let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
    var arguments = StatementArguments(kinds.map(\.rawValue))
    arguments += [dated.rawValue, dates.lowerBound.description, dates.upperBound.description]
    return try reminders(where: "kind IN (\(marks)) OR (kind = ? AND date >= ? AND date < ?)", arguments)
  }
}
