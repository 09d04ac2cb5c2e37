import Foundation
import GRDB
import SpotterCore

/// Schema v2, frozen: a session's sets move from `exercise_set` rows into one blob of its row.
///
/// It reads and writes with its own code, as the schema and formats stood at v2, never with
/// today's session decoding or fingerprint: a store left at v1 for years must migrate the same
/// way whatever those have become since. Only the byte-level primitives it shares (varints,
/// little-endian doubles, FNV-1a) are formats that cannot change.
enum StoreMigrationV2 {
  /// Set kinds in the order of blob format 1's low two flag bits.
  static let kinds = ["normal", "warmup", "drop", "failure"]

  static func migrate(_ db: Database) throws {
    try db.execute(sql: "ALTER TABLE session ADD COLUMN exercises BLOB NOT NULL DEFAULT x'0100'")
    // (name, encoded sets, set count) per exercise, in order, per session row.
    var exercises: [Int64: [(name: String, sets: [UInt8], count: Int)]] = [:]
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT session_rowid, exercise_index, exercise_name, kind, weight, unit, reps, completed,
          completed_at, position FROM exercise_set ORDER BY session_rowid, position
        """)
    while let row = try rows.next() {
      let session: Int64 = row["session_rowid"]
      let index: Int = row["exercise_index"]
      let place = "\(session):\(row["position"] as Int)"
      let kind: String = row["kind"]
      let unit: String = row["unit"]
      guard let kindIndex = kinds.firstIndex(of: kind) else {
        throw StoredRowDamage(table: "exercise_set", row: place, column: "kind", value: kind)
      }
      guard unit == "kg" || unit == "lb" else {
        throw StoredRowDamage(table: "exercise_set", row: place, column: "unit", value: unit)
      }
      let weight: Double? = row["weight"]
      let reps: Int? = row["reps"]
      let completed: Bool = row["completed"]
      let completedAt: Double? = row["completed_at"]
      // Blob format 1: a flag byte (kind, pounds, completed, which values follow), then the values.
      var set: [UInt8] = [
        UInt8(kindIndex) | (unit == "lb" ? 1 << 2 : 0) | (completed ? 1 << 3 : 0)
          | (weight != nil ? 1 << 4 : 0)
          | (reps != nil ? 1 << 5 : 0) | (completedAt != nil ? 1 << 6 : 0)
      ]
      if let weight { ByteWriter.appendDouble(weight, to: &set) }
      if let reps { ByteWriter.appendVarint(UInt64(max(reps, 0)), to: &set) }
      if let completedAt { ByteWriter.appendDouble(completedAt, to: &set) }
      var list = exercises[session, default: []]
      if list.count <= index { list.append((row["exercise_name"], [], 0)) }
      list[list.count - 1].sets += set
      list[list.count - 1].count += 1
      exercises[session] = list
    }
    // Fingerprints hash the blob from v2 on, so they are renewed: a re-import must see no change.
    let update = try db.makeStatement(
      sql: "UPDATE session SET exercises = ?, fingerprint = ? WHERE rowid = ?")
    let sessions = try Row.fetchAll(
      db, sql: "SELECT rowid, source, workout_name, started_at, ended_at, state FROM session")
    for row in sessions {
      let rowid: Int64 = row["rowid"]
      var blob: [UInt8] = [1]
      let list = exercises[rowid] ?? []
      ByteWriter.appendVarint(UInt64(list.count), to: &blob)
      for exercise in list {
        ByteWriter.appendText(exercise.name, to: &blob)
        ByteWriter.appendVarint(UInt64(exercise.count), to: &blob)
        blob += exercise.sets
      }
      var hash = Fingerprint()
      hash.combine(row["source"] as String)
      hash.combine(row["workout_name"] as String)
      hash.combine(row["started_at"] as Double)
      hash.combine(row["ended_at"] as Double?)
      hash.combine(row["state"] as String)
      hash.combine(bytes: blob)
      try update.execute(arguments: [Data(blob), Fingerprint.hex(hash.value), rowid])
    }
    try db.execute(sql: "DROP TABLE exercise_set; PRAGMA user_version = 2;")
  }
}
