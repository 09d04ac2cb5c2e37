import Foundation
import SpotterCore

/// Reads Strong's CSV export in all its dialects (S0 to S3 in the reference notes).
///
/// The dialect is never assumed: columns are found by name, the delimiter by the header, and the
/// weight unit from a `Weight Unit` column, from the header (`Weight (kg)`, `lbs`), or else from
/// the configured default.
struct StrongCSVImporter: ChunkedCSVImporter {
  static let format = HistoryFormat.strongCSV
  let context: ImportContext
  /// A recorded length under five minutes…
  static let shortestSeconds = 5 * 60
  /// …for a workout of this many sets or more was cut short, not trained.
  static let manySets = 4

  static func matches(header: [String]) -> Bool {
    let names = header.map(StrongColumn.normalise)
    return StrongColumn.required.allSatisfy { $0.index(in: names) != nil }
  }

  let header: [String]
  private let date: Int
  private let workoutName: Int
  private let exerciseName: Int
  private let setOrder: Int
  private let weightColumn: Int?
  private let unitColumn: Int?
  private let reps: Int?
  private let duration: Int?
  private let headerUnit: WeightUnit?

  private struct Draft {
    var start: LocalDateTime
    var name: String
    var durationSeconds: Int?
    /// Read day first for want of a reason: turned round if the file turns out month first.
    var provisional: Bool
    /// The line it starts on, for an error found once the whole file is read.
    var line: Int
  }
  private var dates: DateTimeReader
  private var drafts = WorkoutDrafts<Draft>()
  /// The Date texts of workouts left out for their date or length: their other rows too.
  private var leftOutDates: Set<String> = []
  private var sets: SetRowReader

  init(context: ImportContext, header: [String]) {
    let names = header.map(StrongColumn.normalise)
    var columns: [StrongColumn: Int] = [:]
    for column in StrongColumn.allCases { columns[column] = column.index(in: names) }
    self.init(context: context, header: header, columns: columns)
  }

  /// An importer for a file whose columns are at `columns`, found by name or, in a language
  /// Spotter has no names for, by their content (``StrongColumnInference``).
  init(context: ImportContext, header: [String], columns: [StrongColumn: Int]) {
    self.context = context
    self.header = header
    dates = DateTimeReader(order: context.dateOrder)
    let names = header.map(StrongColumn.normalise)
    date = columns[.date]!
    workoutName = columns[.workoutName]!
    exerciseName = columns[.exerciseName]!
    setOrder = columns[.setOrder]!
    weightColumn = columns[.weight]
    unitColumn = columns[.weightUnit]
    reps = columns[.reps]
    duration = columns[.duration]
    headerUnit = weightColumn.flatMap { ImportContext.unit(inHeader: names[$0]) }
    sets = SetRowReader(
      context: context, header: header, weightColumn: weightColumn, repsColumn: reps,
      exerciseColumn: exerciseName)
  }

  mutating func read(_ rows: ArraySlice<CSVTable.Record>, in table: CSVTable) throws {
    // The row before belongs to another chunk's table, where its ranges mean nothing.
    sets.forgetPrevious()
    func isNone(_ record: CSVTable.Record, _ column: Int) -> Bool {
      let text = table[record, column].trimmed
      return text.isEmpty || Double(text) == 0
    }
    for record in rows {
      guard try context.fitsHeader(record, header: header) else { continue }
      let index: Int
      // Rows of one workout are contiguous and share the Date text: only a new Date is parsed.
      if let previous = sets.previous, table.same(previous.record, record, column: date) {
        index = previous.draft
      } else if let existing = drafts.draft(for: table[record, date]) {
        index = existing
      } else {
        let key = table[record, date]
        guard !leftOutDates.contains(key) else { continue }
        context.findings?.countRecord()
        guard
          let reading = try context.dateTime(
            key, fast: TimestampParser.strong, reader: &dates, line: record.line, column: header[date],
            dating: .workout)
        else {
          leftOutDates.insert(key)
          continue
        }
        let start = reading.value
        var seconds: Int?
        if let duration {
          let text = table[record, duration]
          seconds = TimestampParser.duration(text)
          do {
            if seconds == nil && !text.trimmed.isEmpty {
              throw context.rowError(
                record.line, header[duration], text, Phrase("invalid duration", de: "ungültige Dauer"))
            }
            if let seconds {
              try context.checkDuration(seconds, line: record.line, column: header[duration], value: text)
            }
          } catch let error as SpotterIOError {
            // A typo'd length costs its workout, as a typo'd date does, not the history.
            try context.passOverRecord(error)
            leftOutDates.insert(key)
            continue
          }
        }
        index = drafts.add(
          Draft(
            start: start, name: table[record, workoutName].trimmed, durationSeconds: seconds,
            provisional: reading.provisional, line: record.line), key: key)
      }
      let kind: SetKind
      if table.isDigits(record, column: setOrder) {
        kind = .normal
      } else {
        let order = table[record, setOrder].trimmed
        switch order {
        // Strong's own letters, a fifth of all rows, without a string made for them.
        case "W", "w": kind = .warmup
        case "D", "d": kind = .drop
        case "F", "f": kind = .failure
        case "Rest Timer", "Note", "REST TIMER", "NOTE":
          continue  // Pseudo-rows: a rest length or a note, not a set.
        default:
          if let named = SetKind(word: order) {
            kind = named
          } else if Double(order) != nil {
            kind = .normal
          } else if [weightColumn, reps].allSatisfy({ $0.map { isNone(record, $0) } ?? true }) {
            // The same pseudo-rows in the app's language ("Ruhezeit"): no weight and no reps.
            continue
          } else {
            // A letter a newer app writes, or a typo, costs its set, not the history (as Hevy's
            // set types; kept in --strict's refusal, and past a fifth of the sets).
            try context.leaveOutSet(
              context.rowError(
                record.line, header[setOrder], order,
                "invalid set order; accepted: a number, \(SetKind.acceptedWords)"))
            continue
          }
        }
      }
      guard
        let unit = try context.unitLeavingOut(
          table, record, column: unitColumn, header: header, fallback: headerUnit ?? context.defaultUnit)
      else { continue }
      let (set, exercise) = try sets.read(record, in: table, draft: index, kind: kind, unit: unit)
      if let set { drafts.add(set, exercise: exercise, to: index) }
    }
  }

  mutating func finish() throws -> [PackedSession] {
    // Strong keeps counting for workouts never finished (`264h 1m`), and sometimes stops at once
    // (`1m` for a workout of twenty sets): neither is a length. The second gets the file's usual
    // length, so its calendar event and announcement times stay plausible.
    func isPlausible(_ seconds: Int) -> Bool {
      seconds > 0 && seconds <= PatternLearner.maximumDurationMinutes * 60
    }
    let turnRound = try dates.finish(file: context.fileName, column: header[date])
    let finished = drafts.finish().map { entry in
      var entry = entry
      if turnRound, entry.header.provisional, let turned = entry.header.start.turnedRound {
        entry.header.start = turned
      }
      return entry
    }
    // Dates turned round are checked again like the rest.
    for (draft, _, _) in finished {
      try context.checkDate(draft.start, line: draft.line, column: header[date], value: "\(draft.start)")
    }
    let lengths = finished.compactMap(\.header.durationSeconds).filter {
      isPlausible($0) && $0 >= Self.shortestSeconds
    }
    .sorted()
    let usual: Int? = lengths.isEmpty ? nil : lengths[lengths.count / 2]
    let sessions = finished.map { draft, setCount, exercises in
      let start = context.clock.instant(draft.start)
      let end = draft.durationSeconds.flatMap { seconds -> Date? in
        if seconds < Self.shortestSeconds && setCount >= Self.manySets {
          guard let usual else { return nil }
          return start.addingTimeInterval(TimeInterval(usual))
        }
        return isPlausible(seconds) ? start.addingTimeInterval(TimeInterval(seconds)) : nil
      }
      return PackedSession(
        bare: Session(
          id: "strong-\(draft.start)", source: .strong, workoutName: draft.name, start: start, end: end,
          state: .completed),
        exercises: exercises)
    }
    return sessions.sorted { $0.session.start < $1.session.start }
  }
}
