import Foundation
import SpotterCore

/// Reads the export of Fit Notes for iOS, a different app from FitNotes for Android:
/// `Name,StartTime,EndTime,BodyWeight,Exercise,Equipment,Reps,Weight,Time,Distance,Status,…`.
///
/// Times are UTC instants (`2025-02-23T10:13:53Z`) and numbers may use a decimal comma (`"17,5"`).
/// `Status` tells done sets (`Done`, `Failed`) from planned ones (`NotStarted`), and `IsWarmup`
/// marks warm-ups. The export states no unit: the configured one applies.
struct FitNotesIOSCSVImporter {
  let context: ImportContext

  static func matches(header: [String]) -> Bool {
    let names = Set(header.map(StrongColumn.normalise))
    return ["name", "starttime", "endtime", "exercise", "reps", "weight"].allSatisfy(names.contains)
  }

  func sessions(header: [String], table: CSVTable, rows: ArraySlice<CSVTable.Record>) throws -> [Session] {
    let names = header.map(StrongColumn.normalise)
    func column(_ name: String) -> Int? { names.firstIndex(of: name) }
    let title = column("name")!
    let startColumn = column("starttime")!
    let endColumn = column("endtime")!
    let exercise = column("exercise")!
    let repsColumn = column("reps")!
    let weightColumn = column("weight")!
    let status = column("status")
    let warmup = column("iswarmup")
    let unit = context.defaultUnit

    struct Draft {
      var start: Date
      var end: Date?
      var title: String
      var grouper = ExerciseGrouper()
    }
    var drafts: [Draft] = []
    var draftIndex: [String: Int] = [:]
    // The workouts left out for their times: their other rows too.
    var leftOut: Set<String> = []
    func instant(_ record: CSVTable.Record, _ column: Int) throws -> Date? {
      let text = table[record, column].trimmed
      if text.isEmpty { return nil }
      guard let (local, offset) = TimestampParser.iso8601(text), let offset else {
        throw context.rowError(
          record.line, header[column], text,
          Phrase("invalid time (expected ISO 8601 with Z)", de: "ungültige Zeit (erwartet ISO 8601 mit Z)"))
      }
      try context.checkDate(local, line: record.line, column: header[column], value: text)
      return Date(timeIntervalSince1970: TimeInterval(local.wallSeconds - offset))
    }
    for record in rows {
      guard try context.fitsHeader(record, header: header) else { continue }
      let key = [title, startColumn].map { table[record, $0] }.joined(separator: "\u{1F}")
      let index: Int
      if let existing = draftIndex[key] {
        index = existing
      } else {
        guard !leftOut.contains(key) else { continue }
        context.findings?.countRecord()
        let start: Date
        var end: Date?
        do {
          guard let read = try instant(record, startColumn) else {
            throw context.rowError(
              record.line, header[startColumn], "", Phrase("missing start time", de: "Startzeit fehlt"))
          }
          start = read
          end = try instant(record, endColumn)
        } catch let error as SpotterIOError {
          // A time typed as no clock has it, or outside 1970–2099, costs that workout.
          try context.passOverRecord(error)
          leftOut.insert(key)
          continue
        }
        if let finish = end,
          finish <= start || finish.timeIntervalSince(start) > Double(HevyCSVImporter.longestSeconds)
        {
          end = nil
        }
        drafts.append(Draft(start: start, end: end, title: table[record, title].trimmed))
        index = drafts.count - 1
        draftIndex[key] = index
      }
      var kind = SetKind.normal
      var completed = true
      if let status {
        switch table[record, status].trimmed.lowercased() {
        case "done", "": break
        case "failed": kind = .failure
        case "notstarted", "skipped": completed = false
        default:
          // A status a newer app writes costs its set, not the history (as Hevy's set types).
          try context.leaveOutSet(
            context.rowError(
              record.line, header[status], table[record, status],
              Phrase("unknown set status", de: "unbekannter Satzstatus")))
          continue
        }
      }
      if let warmup, table[record, warmup].trimmed.lowercased() == "true" { kind = .warmup }
      let values = try context.passOver { () throws -> (Double?, Int?) in
        let weight = try number(record, weightColumn, in: table, header: header).map {
          try context.checkedWeight(
            $0, line: record.line, column: header[weightColumn], text: table[record, weightColumn], unit: unit
          )
        }
        let reps = try number(record, repsColumn, in: table, header: header).map {
          try context.checkedReps(
            $0, line: record.line, column: header[repsColumn], text: table[record, repsColumn])
        }
        return (weight, reps)
      }
      guard let (weight, reps) = values else { continue }
      drafts[index].grouper.add(
        SetEntry(kind: kind, weight: weight, unit: unit, reps: reps, completed: completed),
        exercise: table[record, exercise].trimmed)
    }
    return drafts.map { draft in
      Session(
        id:
          "fitnotes-ios-\(Int(draft.start.timeIntervalSince1970))-\(Fingerprint.hex(draft.title).prefix(8))",
        source: .fitnotes, workoutName: draft.title, start: draft.start, end: draft.end, state: .completed,
        exercises: draft.grouper.exercises)
    }
  }

  /// A number cell with a decimal point or comma (`"17,5"`); nil when empty.
  private func number(
    _ record: CSVTable.Record, _ column: Int, in table: CSVTable, header: [String]
  ) throws -> Double? {
    let text = table[record, column].trimmed
    if text.isEmpty { return nil }
    guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite, value >= 0 else {
      throw context.rowError(
        record.line, header[column], text, Phrase("invalid number", de: "ungültige Zahl"))
    }
    return value
  }
}
