import Foundation
import SpotterCore

/// Reads FitNotes for Android's spreadsheet export: `Date,Exercise,Category,Weight,…`.
///
/// The export has dates but no times of day and no workout names: a day's rows are one session,
/// which starts at local midnight with ``Session/hasTimeOfDay`` false, so it teaches a training day
/// but never a usual time. Its name is the day's categories in the order trained ("Back + Biceps").
/// The unit is in a `Weight Unit` column (`kgs`, `lbs`) or in the header (`Weight (lbs)`).
struct FitNotesCSVImporter {
  let context: ImportContext

  static func matches(header: [String]) -> Bool {
    let names = Set(header.map(StrongColumn.normalise))
    return names.contains("date") && names.contains("exercise") && names.contains("category")
      && names.contains("reps") && !names.contains("workout name")
  }

  func sessions(header: [String], table: CSVTable, rows: ArraySlice<CSVTable.Record>) throws -> [Session] {
    let names = header.map(StrongColumn.normalise)
    let date = names.firstIndex(of: "date")!
    let exercise = names.firstIndex(of: "exercise")!
    let category = names.firstIndex(of: "category")!
    let reps = names.firstIndex(of: "reps")
    let weightColumn = names.firstIndex { $0 == "weight" || $0.hasPrefix("weight (") }
    let unitColumn = names.firstIndex(of: "weight unit")
    let headerUnit = weightColumn.flatMap { ImportContext.unit(inHeader: names[$0]) }

    struct Draft {
      var date: LocalDate
      /// The line of the day's first row, for a date turned round and checked again.
      var line: Int
      /// Read day first only for want of a reason (`05/06/2023`), to be turned round at the end
      /// if the file turns out to write month first.
      var provisional = false
      var categories: [String] = []
      var grouper = ExerciseGrouper()
    }
    var drafts: [Draft] = []
    var draftIndex: [String: Int] = [:]
    // The days left out for their dates: their other rows too.
    var leftOut: Set<String> = []
    // The app writes YYYY-MM-DD; a spreadsheet that saved the file again writes the dates of its
    // locale (`21.11.2023`, `11/21/2023`), read as Strong's are.
    var dates = DateTimeReader(order: context.dateOrder)
    var sets = SetRowReader(
      context: context, header: header, weightColumn: weightColumn, repsColumn: reps, exerciseColumn: exercise
    )
    var repair = FitNotesRowRepair(header: header, exercise: exercise, category: category)
    for record in rows { repair.learn(table.fields(of: record)) }
    let whole = table
    // Whether the row before was read from a table of its own, which the next cannot be compared with.
    var rebuiltBefore = false
    for original in rows {
      var table = whole
      var record = original
      if record.count != header.count {
        // A row with a comma too many in a name, rebuilt into a table of its own.
        guard
          let fields = repair.repaired(
            whole.fields(of: record), typedTailIsValid: { Self.typedCellsRead($0, names: names) }),
          let rebuilt = Self.table(of: fields, line: record.line)
        else {
          _ = try context.fitsHeader(record, header: header)
          continue
        }
        (table, record) = rebuilt
        sets.forgetPrevious()
        rebuiltBefore = true
      } else if rebuiltBefore {
        sets.forgetPrevious()
        rebuiltBefore = false
      }
      let key = table[record, date].trimmed
      let index: Int
      if let previous = sets.previous, table.same(previous.record, record, column: date) {
        index = previous.draft
      } else if let existing = draftIndex[key] {
        index = existing
      } else {
        guard !leftOut.contains(key) else { continue }
        context.findings?.countRecord()
        // A day typed as no calendar has it, or outside 1970–2099, costs that day's rows.
        guard
          let reading = try context.dateTime(
            key, fast: { LocalDate(parsing: $0).map { LocalDateTime(date: $0, secondOfDay: 0) } },
            reader: &dates, line: record.line, column: header[date], dating: .workout)
        else {
          leftOut.insert(key)
          continue
        }
        drafts.append(Draft(date: reading.value.date, line: record.line, provisional: reading.provisional))
        index = drafts.count - 1
        draftIndex[key] = index
      }
      let name = table[record, category].trimmed
      if !name.isEmpty && !drafts[index].categories.contains(name) { drafts[index].categories.append(name) }
      guard
        let unit = try context.unitLeavingOut(
          table, record, column: unitColumn, header: header, fallback: headerUnit ?? context.defaultUnit)
      else { continue }
      let (set, exerciseName) = try sets.read(record, in: table, draft: index, kind: .normal, unit: unit)
      if let set { drafts[index].grouper.add(set, exercise: exerciseName) }
    }
    if try dates.finish(file: context.fileName, column: header[date]) {
      for index in drafts.indices where drafts[index].provisional {
        guard let turned = LocalDateTime(date: drafts[index].date, secondOfDay: 0).turnedRound else {
          continue
        }
        drafts[index].date = turned.date
        try context.checkDate(turned, line: drafts[index].line, column: header[date], value: "\(turned.date)")
      }
    }
    // One session a day: a day written two ways (a file edited by hand, or a date turned round
    // onto one already there) is one day's rows, in the file's order.
    var days: [Draft] = []
    var dayIndex: [LocalDate: Int] = [:]
    for draft in drafts {
      guard let index = dayIndex[draft.date] else {
        dayIndex[draft.date] = days.count
        days.append(draft)
        continue
      }
      for name in draft.categories where !days[index].categories.contains(name) {
        days[index].categories.append(name)
      }
      for exercise in draft.grouper.exercises {
        for set in exercise.sets { days[index].grouper.add(set, exercise: exercise.name) }
      }
    }
    return days.map { draft in
      Session(
        id: "fitnotes-\(draft.date)", source: .fitnotes,
        workoutName: draft.categories.joined(separator: " + "),
        start: context.clock.instant(LocalDateTime(date: draft.date, secondOfDay: 0)), end: nil,
        state: .completed, exercises: draft.grouper.exercises, hasTimeOfDay: false)
    }
  }

  /// Whether the typed cells of a row (dates, numbers, unit words) read as FitNotes writes them;
  /// the exercise and category are not looked at.
  static func typedCellsRead(_ fields: [String], names: [String]) -> Bool {
    for (index, name) in names.enumerated() where index < fields.count {
      let cell = fields[index].trimmed
      switch name {
      case "date":
        // The app's YYYY-MM-DD, or a spreadsheet's three numbers (`21.11.2023`, `11/21/2023`).
        let parts = cell.split(whereSeparator: { "./-".contains($0) })
        guard
          LocalDate(parsing: cell) != nil
            || (parts.count == 3
              && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return false }
      case "weight", "reps", "distance":
        guard cell.isEmpty || Double(cell) != nil else { return false }
      case "weight unit", "distance unit":
        guard cell.count <= 5, cell.allSatisfy(\.isLetter) else { return false }
      default: continue
      }
    }
    return true
  }

  /// A table of one record holding `fields`, quoted as RFC 4180 quotes them, at `line`.
  static func table(of fields: [String], line: Int) -> (CSVTable, CSVTable.Record)? {
    let text = fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(
      separator: ",")
    let table = CSVReader(delimiter: UInt8(ascii: ",")).table(Array(text.utf8))
    guard var record = table.records.first, table.records.count == 1 else { return nil }
    record.line = line
    return (table, record)
  }
}
