import Foundation
import SpotterCore

/// Reads Hevy's CSV export (metric or imperial), which lists the newest workout first.
struct HevyCSVImporter: ChunkedCSVImporter {
  static let format = HistoryFormat.hevyCSV
  /// The longest workout whose end is kept.
  static let longestSeconds = 24 * 3600

  /// A Hevy workout's session id: its local start, to the minute as the export writes it, and its
  /// title. The export has no workout id; a workout synced from the API is named the same way, so
  /// the two arrive as one session.
  static func sessionID(start: LocalDateTime, title: String) -> String {
    "hevy-\(start)-\(Fingerprint.hex(title).prefix(8))"
  }
  let context: ImportContext

  static func matches(header: [String]) -> Bool {
    let names = Set(header.map(StrongColumn.normalise))
    return names.contains("title") && names.contains("start_time") && names.contains("end_time")
      && names.contains("exercise_title")
  }

  let header: [String]
  private let title: Int
  private let startColumn: Int
  private let endColumn: Int
  private let setType: Int?
  private let unit: WeightUnit

  private struct Draft {
    var start: LocalDateTime
    var end: LocalDateTime
    var title: String
    /// Read day first for want of a reason: turned round if the file turns out month first.
    var provisional: Bool
    /// The line it starts on, for an error found once the whole file is read.
    var line: Int
  }
  private var dates: DateTimeReader
  private var drafts = WorkoutDrafts<Draft>()
  private var sets: SetRowReader

  init(context: ImportContext, header: [String]) {
    self.context = context
    self.header = header
    dates = DateTimeReader(order: context.dateOrder)
    let names = header.map(StrongColumn.normalise)
    func column(_ name: String) -> Int? { names.firstIndex(of: name) }
    title = column("title")!
    startColumn = column("start_time")!
    endColumn = column("end_time")!
    setType = column("set_type")
    let kilograms = column("weight_kg")
    let pounds = column("weight_lbs")
    unit = kilograms != nil ? .kilograms : pounds != nil ? .pounds : context.defaultUnit
    sets = SetRowReader(
      context: context, header: header, weightColumn: kilograms ?? pounds, repsColumn: column("reps"),
      exerciseColumn: column("exercise_title")!)
  }

  /// The keys of workouts left out for their dates: their other rows too.
  private var leftOut: Set<String> = []

  /// A new workout's draft, or nil when its dates leave it out
  /// (``ImportContext/dateTime(_:fast:reader:line:column:dating:)``).
  private mutating func addDraft(_ record: CSVTable.Record, in table: CSVTable, key: String) throws -> Int? {
    let startText = table[record, startColumn]
    let endText = table[record, endColumn]
    context.findings?.countRecord()
    guard
      let startReading = try context.dateTime(
        startText, fast: TimestampParser.hevy, reader: &dates, line: record.line, column: header[startColumn],
        dating: .workout),
      let endReading = try context.dateTime(
        endText, fast: TimestampParser.hevy, reader: &dates, line: record.line, column: header[endColumn],
        dating: .workout)
    else {
      return nil
    }
    let start = startReading.value
    let end = endReading.value
    return drafts.add(
      Draft(
        start: start, end: end, title: table[record, title].trimmed,
        provisional: startReading.provisional || endReading.provisional, line: record.line), key: key)
  }

  mutating func read(_ rows: ArraySlice<CSVTable.Record>, in table: CSVTable) throws {
    // The row before belongs to another chunk's table, where its ranges mean nothing.
    sets.forgetPrevious()
    for record in rows {
      guard try context.fitsHeader(record, header: header) else { continue }
      let index: Int
      // Rows of one workout are contiguous: compare with the previous row before building a key.
      // A workout is identified by (title, start_time, end_time); Hevy has no workout id.
      if let previous = sets.previous, table.same(previous.record, record, column: title),
        table.same(previous.record, record, column: startColumn),
        table.same(previous.record, record, column: endColumn)
      {
        index = previous.draft
      } else {
        let key = [title, startColumn, endColumn].map { table[record, $0] }.joined(separator: "\u{1F}")
        guard !leftOut.contains(key),
          let draft = try drafts.draft(for: key) ?? addDraft(record, in: table, key: key)
        else {
          leftOut.insert(key)
          continue
        }
        index = draft
      }
      var kind = SetKind.normal
      // Almost every row says "normal": compared in place, with no string made for it.
      if let setType, !table.field(record, column: setType, equals: "normal") {
        let type = table[record, setType]
        if type.trimmed.isEmpty {
          kind = .normal
        } else if let named = SetKind(word: type) {
          kind = named
        } else {
          // A type a newer app writes costs its set, not the history (kept in --strict's refusal).
          try context.leaveOutSet(
            context.rowError(
              record.line, header[setType], type, "unknown set type; accepted: \(SetKind.acceptedWords)"))
          continue
        }
      }
      let (set, name) = try sets.read(record, in: table, draft: index, kind: kind, unit: unit)
      if let set { drafts.add(set, exercise: name, to: index) }
    }
  }

  mutating func finish() throws -> [PackedSession] {
    let turnRound = try dates.finish(file: context.fileName, column: header[startColumn])
    let finished = drafts.finish().map { entry in
      var entry = entry
      if turnRound, entry.header.provisional, let start = entry.header.start.turnedRound,
        let end = entry.header.end.turnedRound
      {
        entry.header.start = start
        entry.header.end = end
      }
      // A workout from 23:40 to 00:30 is written with the start's date on both ends.
      if entry.header.end < entry.header.start {
        entry.header.end.date = entry.header.end.date.adding(days: 1)
      }
      return entry
    }
    // Dates turned round, or an end moved past midnight, are checked again like the rest.
    for (draft, _, _) in finished {
      try context.checkDate(
        draft.start, line: draft.line, column: header[startColumn], value: "\(draft.start)")
      try context.checkDate(draft.end, line: draft.line, column: header[endColumn], value: "\(draft.end)")
    }
    let sessions = finished.sorted { $0.header.start < $1.header.start }.map { draft, _, exercises in
      let start = context.clock.instant(draft.start)
      var end: Date? = context.clock.instant(draft.end)
      // Hevy's end times are the real ones, long workouts included (4 h 23 min in a real
      // export); only one left running past a day is no workout's length.
      if let finish = end, finish.timeIntervalSince(start) > Double(Self.longestSeconds) { end = nil }
      return PackedSession(
        bare: Session(
          id: Self.sessionID(start: draft.start, title: draft.title), source: .hevy,
          workoutName: draft.title, start: start, end: end, state: .completed),
        exercises: exercises)
    }
    return sessions
  }
}
