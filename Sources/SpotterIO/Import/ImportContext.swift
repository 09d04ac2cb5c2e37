import SpotterCore

/// What every importer needs besides the bytes: the name to quote in errors, the zone that
/// zoneless timestamps are read in, and the unit for files that do not state one.
public struct ImportContext: Sendable {
  public var fileName: String
  public var clock: ZoneClock
  public var defaultUnit: WeightUnit

  public init(fileName: String, clock: ZoneClock, defaultUnit: WeightUnit) {
    self.fileName = fileName
    self.clock = clock
    self.defaultUnit = defaultUnit
  }

  /// Refuses a record whose field count differs from the header's.
  func checkFieldCount(of record: CSVTable.Record, header: [String]) throws {
    guard record.count == header.count else {
      throw SpotterIOError.fieldCount(
        file: fileName, line: record.line, expected: header.count, found: record.count)
    }
  }

  /// A weight cell: empty is nil, anything but a finite non-negative number is an error.
  func weight(_ table: CSVTable, _ record: CSVTable.Record, column: Int, header: [String]) throws -> Double? {
    switch table.number(record, column: column) {
    case .empty: return nil
    case .value(let value): return value
    case .invalid: throw rowError(record.line, header[column], table[record, column], "invalid weight")
    }
  }

  /// A reps cell: whole numbers, though Strong sometimes writes them as `10.0`.
  func reps(_ table: CSVTable, _ record: CSVTable.Record, column: Int, header: [String]) throws -> Int? {
    switch table.number(record, column: column) {
    case .empty: return nil
    case .value(let value) where value < 10_000 && value == value.rounded(): return Int(value)
    case .value, .invalid: throw rowError(record.line, header[column], table[record, column], "invalid reps")
    }
  }

  func rowError(_ line: Int, _ column: String, _ value: String, _ reason: String) -> SpotterIOError {
    .malformedRow(file: fileName, line: line, column: column, value: value, reason: reason)
  }
}
