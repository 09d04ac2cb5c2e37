import SpotterCore

/// A stored row that cannot be read back: an unknown value, or one of the wrong kind.
///
/// Thrown while decoding rows and turned into ``SpotterIOError/storeDamaged(path:detail:)`` with
/// the store's path by `Store.guarded`, so the message names the table, the row and the value
/// instead of the row silently dropping out of a plan.
struct StoredRowDamage: Error, Sendable {
  var table: String
  /// The row's key (a UID, a session id, a date).
  var row: String
  var column: String
  var value: String

  var detail: String {
    "table '\(table)', row '\(ErrorText.escaped(row))': column '\(column)' holds "
      + "'\(ErrorText.escaped(value))', which this Spotter cannot read"
  }

  /// The raw value of `text` read as `T`, or this damage.
  static func decode<T: RawRepresentable>(
    _ type: T.Type, _ text: String, table: String, row: String, column: String
  ) throws -> T where T.RawValue == String {
    guard let value = T(rawValue: text) else {
      throw StoredRowDamage(table: table, row: row, column: column, value: text)
    }
    return value
  }
}
