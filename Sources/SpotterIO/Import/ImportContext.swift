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

  /// The record's fields, once they are known to match the header's count.
  func fields(of record: CSVReader.Record, header: [String]) throws -> [String] {
    guard record.fields.count == header.count else {
      throw SpotterIOError.fieldCount(
        file: fileName, line: record.line, expected: header.count, found: record.fields.count)
    }
    return record.fields
  }

  func rowError(_ line: Int, _ column: String, _ value: String, _ reason: String) -> SpotterIOError {
    .malformedRow(file: fileName, line: line, column: column, value: value, reason: reason)
  }
}
