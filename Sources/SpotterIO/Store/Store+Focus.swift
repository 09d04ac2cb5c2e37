import Foundation
import GRDB
import SpotterCore

extension Store {
  /// Every focus block, ordered by first start.
  public func focusBlocks() throws -> [FocusBlock] {
    try guarded {
      try queue.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM focus_block ORDER BY starts_at, id").map(Self.block)
      }
    }
  }

  static func upsert(_ block: FocusBlock, db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO focus_block (id, title, starts_at, ends_at, every, until, source_key)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        block.id, block.title, block.start.timeIntervalSince1970, block.end.timeIntervalSince1970,
        block.recurrence?.weekdaysText, block.recurrence?.until?.description, block.sourceKey,
      ])
  }

  private static func block(_ row: Row) -> FocusBlock {
    var recurrence: FocusRecurrence?
    if let every: String = row["every"], let weekdays = FocusRecurrence.weekdays(parsing: every) {
      // No `until` is a block that repeats until it is removed.
      let untilText: String? = row["until"]
      recurrence = FocusRecurrence(weekdays: weekdays, until: untilText.flatMap { LocalDate(parsing: $0) })
    }
    return FocusBlock(
      id: row["id"], title: row["title"], start: Date(timeIntervalSince1970: row["starts_at"]),
      end: Date(timeIntervalSince1970: row["ends_at"]), recurrence: recurrence, sourceKey: row["source_key"])
  }
}
