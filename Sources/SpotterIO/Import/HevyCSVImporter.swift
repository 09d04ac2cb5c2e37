import Foundation
import SpotterCore

/// Reads Hevy's CSV export (metric or imperial), which lists the newest workout first.
struct HevyCSVImporter {
  let context: ImportContext

  static func matches(header: [String]) -> Bool {
    let names = Set(header.map(StrongCSVImporter.normalise))
    return names.contains("title") && names.contains("start_time") && names.contains("end_time")
      && names.contains("exercise_title")
  }

  func sessions(header: [String], records: ArraySlice<CSVReader.Record>) throws -> [Session] {
    let names = header.map(StrongCSVImporter.normalise)
    func column(_ name: String) -> Int? { names.firstIndex(of: name) }
    let title = column("title")!
    let startColumn = column("start_time")!
    let endColumn = column("end_time")!
    let exercise = column("exercise_title")!
    let setType = column("set_type")
    let reps = column("reps")
    let kilograms = column("weight_kg")
    let pounds = column("weight_lbs")
    let weightColumn = kilograms ?? pounds
    let unit: WeightUnit = kilograms != nil ? .kilograms : pounds != nil ? .pounds : context.defaultUnit

    struct Draft {
      var start: LocalDateTime
      var end: LocalDateTime
      var title: String
      var grouper = ExerciseGrouper()
    }
    var drafts: [Draft] = []
    var draftIndex: [String: Int] = [:]
    var lastRow: (fields: [String], index: Int)?
    // A workout is identified by (title, start_time, end_time); Hevy has no workout id.
    func key(_ fields: [String]) -> String {
      fields[title] + "\u{1F}" + fields[startColumn] + "\u{1F}" + fields[endColumn]
    }
    func addDraft(_ fields: [String], line: Int, key: String) throws -> Int {
      guard let start = TimestampParser.hevy(fields[startColumn]) else {
        throw context.rowError(line, header[startColumn], fields[startColumn], "invalid date")
      }
      guard var end = TimestampParser.hevy(fields[endColumn]) else {
        throw context.rowError(line, header[endColumn], fields[endColumn], "invalid date")
      }
      // A workout from 23:40 to 00:30 is written with the start's date on both ends.
      if end < start { end.date = end.date.adding(days: 1) }
      drafts.append(Draft(start: start, end: end, title: fields[title].trimmed))
      draftIndex[key] = drafts.count - 1
      return drafts.count - 1
    }
    for record in records {
      let fields = try context.fields(of: record, header: header)
      let values = RowValues(context: context, line: record.line)
      let index: Int
      // Rows of one workout are contiguous: compare with the previous row before hashing a key.
      if let previous = lastRow, previous.fields[title] == fields[title],
        previous.fields[startColumn] == fields[startColumn], previous.fields[endColumn] == fields[endColumn]
      {
        index = previous.index
      } else {
        let workoutKey = key(fields)
        index = try draftIndex[workoutKey] ?? addDraft(fields, line: record.line, key: workoutKey)
      }
      var kind = SetKind.normal
      if let setType {
        let type = fields[setType]
        switch type == "normal" ? type : type.trimmed.lowercased() {
        case "normal", "": kind = .normal
        case "warmup": kind = .warmup
        case "failure": kind = .failure
        case "dropset": kind = .drop
        default:
          throw context.rowError(record.line, header[setType], fields[setType], "unknown set type")
        }
      }
      let weight = try weightColumn.flatMap { try values.weight(fields[$0], column: header[$0]) }
      let repCount = try reps.flatMap { try values.reps(fields[$0], column: header[$0]) }
      drafts[index].grouper.add(
        SetEntry(kind: kind, weight: weight, unit: unit, reps: repCount),
        exercise: fields[exercise].trimmed)
      lastRow = (fields, index)
    }
    return drafts.sorted { $0.start < $1.start }.map { draft in
      let start = context.clock.instant(draft.start)
      var end: Date? = context.clock.instant(draft.end)
      if let finish = end,
        finish.timeIntervalSince(start) > Double(PatternLearner.maximumDurationMinutes * 60)
      {
        end = nil
      }
      return Session(
        id: "hevy-\(draft.start)-\(Fingerprint.hex(draft.title).prefix(8))", source: .hevy,
        workoutName: draft.title, start: start, end: end, state: .completed,
        exercises: draft.grouper.exercises)
    }
  }
}
