import GRDB
import GRDBSQLite
import SpotterCore

/// Inserts a session's sets through the statement's SQLite handle directly.
///
/// Sets are by far the most numerous rows (30 per session, 30,000 in five years), and binding
/// them one by one through SQLite's C API costs a third of building GRDB argument arrays. The
/// statement still comes from GRDB, inside GRDB's transaction.
struct SetRowWriter {
  let statement: Statement
  let db: Database

  /// SQLite's `SQLITE_TRANSIENT`: copy the bytes, as the Swift string will not outlive the call.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  func insert(_ session: Session, rowid: Int64) throws {
    let handle = statement.sqliteStatement
    var position: Int64 = 0
    for (exerciseIndex, exercise) in session.exercises.enumerated() {
      for set in exercise.sets {
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, rowid)
        sqlite3_bind_int64(handle, 2, position)
        sqlite3_bind_int64(handle, 3, Int64(exerciseIndex))
        sqlite3_bind_text(handle, 4, exercise.name, -1, Self.transient)
        sqlite3_bind_text(handle, 5, set.kind.rawValue, -1, Self.transient)
        if let weight = set.weight {
          sqlite3_bind_double(handle, 6, weight)
        } else {
          sqlite3_bind_null(handle, 6)
        }
        sqlite3_bind_text(handle, 7, set.unit.rawValue, -1, Self.transient)
        if let reps = set.reps {
          sqlite3_bind_int64(handle, 8, Int64(reps))
        } else {
          sqlite3_bind_null(handle, 8)
        }
        sqlite3_bind_int64(handle, 9, set.completed ? 1 : 0)
        if let completedAt = set.completedAt {
          sqlite3_bind_double(handle, 10, completedAt.timeIntervalSince1970)
        } else {
          sqlite3_bind_null(handle, 10)
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
          let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
          sqlite3_reset(handle)
          throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        position += 1
      }
    }
    sqlite3_reset(handle)
  }
}
