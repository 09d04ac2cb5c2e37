import SpotterCore

/// Reads the set cells both CSV formats share, and remembers the row before.
///
/// Rows of one exercise come in runs: the exercise name is built once per run, and the importers
/// compare a row's workout columns with the previous row's before building any key.
struct SetRowReader {
  let context: ImportContext
  let header: [String]
  let weightColumn: Int?
  let repsColumn: Int?
  let exerciseColumn: Int
  /// The last set row read, the draft workout it went to, and its exercise name.
  private(set) var previous: (record: CSVTable.Record, draft: Int, exercise: String)?

  init(context: ImportContext, header: [String], weightColumn: Int?, repsColumn: Int?, exerciseColumn: Int) {
    self.context = context
    self.header = header
    self.weightColumn = weightColumn
    self.repsColumn = repsColumn
    self.exerciseColumn = exerciseColumn
  }

  /// Forgets the row before, when the next rows come from another chunk's table.
  mutating func forgetPrevious() {
    previous = nil
  }

  /// The set in `record` and the name of its exercise; `draft` is the workout it belongs to. The
  /// set is nil when a value no person can have done left it out (``ImportContext/passOver(_:)``).
  mutating func read(
    _ record: CSVTable.Record, in table: CSVTable, draft: Int, kind: SetKind, unit: WeightUnit
  ) throws -> (set: SetEntry?, exercise: String) {
    let values = try context.passOver { () throws -> (Double?, Int?) in
      let weight = try weightColumn.flatMap {
        try context.weight(table, record, column: $0, header: header, unit: unit)
      }
      let reps = try repsColumn.flatMap { try context.reps(table, record, column: $0, header: header) }
      return (weight, reps)
    }
    let exercise =
      if let previous, previous.draft == draft, table.same(previous.record, record, column: exerciseColumn) {
        previous.exercise
      } else {
        table[record, exerciseColumn].trimmed
      }
    previous = (record, draft, exercise)
    guard let (weight, reps) = values else { return (nil, exercise) }
    return (SetEntry(kind: kind, weight: weight, unit: unit, reps: reps), exercise)
  }
}
