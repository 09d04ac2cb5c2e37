import Foundation
import GRDB
import SpotterCore

extension Store {
  /// Every focus block, ordered by first start.
  public func focusBlocks() throws -> [FocusBlock] {
    try guarded {
      try read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM focus_block ORDER BY starts_at, id").map {
          try Self.block($0)
        }
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

  /// A block row; an `every` or `until` this Spotter cannot read is damage, not a block that
  /// repeats no more or for ever.
  private static func block(_ row: Row) throws -> FocusBlock {
    let id: String = row["id"]
    var recurrence: FocusRecurrence?
    if let every: String = row["every"] {
      guard let weekdays = FocusRecurrence.weekdays(parsing: every) else {
        throw StoredRowDamage(table: "focus_block", row: id, column: "every", value: every)
      }
      // No `until` is a block that repeats until it is removed.
      var until: LocalDate?
      if let text: String = row["until"] {
        guard let date = LocalDate(parsing: text) else {
          throw StoredRowDamage(table: "focus_block", row: id, column: "until", value: text)
        }
        until = date
      }
      recurrence = FocusRecurrence(weekdays: weekdays, until: until)
    }
    return FocusBlock(
      id: id, title: row["title"], start: Date(timeIntervalSince1970: row["starts_at"]),
      end: Date(timeIntervalSince1970: row["ends_at"]), recurrence: recurrence, sourceKey: row["source_key"])
  }
}
