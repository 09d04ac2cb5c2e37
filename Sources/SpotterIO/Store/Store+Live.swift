import Foundation
import GRDB
import SpotterCore

extension Store {
  /// What one sync of a live source read, to be kept all at once: the workouts it sent (new or
  /// changed), the ones it deleted, and the cursor the next sync asks from.
  public struct LiveChanges: Sendable {
    public var upserts: [(remoteID: String, session: PackedSession)]
    public var deletes: [String]
    public var cursor: String

    public init(upserts: [(remoteID: String, session: PackedSession)], deletes: [String], cursor: String) {
      self.upserts = upserts
      self.deletes = deletes
      self.cursor = cursor
    }
  }

  /// What a sync changed in the store.
  public struct LiveSummary: Sendable, Hashable {
    public var imported = ImportSummary()
    /// Sessions removed because the source deleted their workout.
    public var deleted = 0
    /// Whether another process synced in between, so this one's reading was dropped.
    public var superseded = false
  }

  /// The key under which the cursor of `source` is kept.
  static func cursorKey(_ source: String) -> String { "live.\(source).cursor" }

  /// Where the last sync of `source` left off; nil before the first.
  public func liveCursor(_ source: String) throws -> String? { try setting(Self.cursorKey(source)) }

  /// Keeps a sync's changes in one transaction, or nothing: a workout changed at the source
  /// replaces its session (a new title or start makes a new session id, and the old one goes),
  /// a deleted one removes its session, and the cursor moves on.
  ///
  /// `expectedCursor` is the cursor the reading started from; when another process moved it
  /// meanwhile, this reading is dropped rather than laid over a newer one.
  public func applyLive(source: String, _ changes: LiveChanges, expectedCursor: String?) throws -> LiveSummary
  {
    try guarded {
      try writing { db in
        var summary = LiveSummary()
        guard try Self.setting(Self.cursorKey(source), db: db) == expectedCursor else {
          summary.superseded = true
          return summary
        }
        func mapped(_ remoteID: String) throws -> String? {
          try String.fetchOne(
            db, sql: "SELECT session_id FROM live_workout WHERE source = ? AND remote_id = ?",
            arguments: [source, remoteID])
        }
        for remoteID in changes.deletes {
          guard let sessionID = try mapped(remoteID) else { continue }
          try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [sessionID])
          // Counted on the session's row: the mapping row is always there, the session may not be.
          summary.deleted += db.changesCount
          try db.execute(
            sql: "DELETE FROM live_workout WHERE source = ? AND remote_id = ?", arguments: [source, remoteID])
        }
        for (remoteID, packed) in changes.upserts {
          if let old = try mapped(remoteID), old != packed.session.id {
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [old])
          }
          try db.execute(
            sql: "INSERT OR REPLACE INTO live_workout (source, remote_id, session_id) VALUES (?, ?, ?)",
            arguments: [source, remoteID, packed.session.id])
        }
        summary.imported = try Self.importBatches([changes.upserts.map(\.session)], db: db)[0]
        try Self.setSetting(Self.cursorKey(source), changes.cursor, db: db)
        return summary
      }
    }
  }
}
