import Foundation

/// Typed reads of optional numeric CSV cells, raising errors that name the cell.
struct RowValues {
  let context: ImportContext
  let line: Int

  /// An empty cell is nil; anything but a finite non-negative number is an error.
  func weight(_ text: String, column: String) throws -> Double? {
    let trimmed = text.trimmed
    if trimmed.isEmpty { return nil }
    guard let value = Double(trimmed), value.isFinite, value >= 0 else {
      throw context.rowError(line, column, text, "invalid weight")
    }
    return value
  }

  /// Reps are whole numbers, though Strong sometimes writes them as `10.0`.
  func reps(_ text: String, column: String) throws -> Int? {
    let trimmed = text.trimmed
    if trimmed.isEmpty { return nil }
    guard let value = Double(trimmed), value.isFinite, value >= 0, value < 10_000,
      value == value.rounded()
    else {
      throw context.rowError(line, column, text, "invalid reps")
    }
    return Int(value)
  }
}
