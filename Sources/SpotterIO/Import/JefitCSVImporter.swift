import Foundation
import SpotterCore

/// Reads JEFIT's "Export Data": one file of several tables, each after a line `### NAME ###`
/// (`### SETTING #####…` first, with a run of `#` as long as the app makes it), sometimes closed
/// by a line of `#`, of which two hold the history.
///
/// - `WORKOUT SESSIONS`: `_id`, `mydate` (the local date), `starttime` (Unix seconds; older
///   exports spell a second column `starttimie`, and either may be empty) and `total_time`
///   (seconds);
/// - `EXERCISE LOGS`: `belongsession` (a session's `_id`), `mydate`, `ename` and `logs`, the sets
///   as `WEIGHTxREPS` joined by commas (`"100x5,100x5,97.5x4"`).
///
/// Columns are found by name, so the account columns some versions put first (`row_id,USERID,
/// TIMESTAMP,…`) change nothing. The other tables (`SETTING`, `ROUTINES`, `EXERCISE SET LOGS`,
/// `NOTES`, …) are skipped. This shape is the
/// one described alike by four independent readers of real exports in public repositories; no
/// licensed real export was found to keep. JEFIT states no unit: its weights are in the
/// account's unit, so the configured `weight_unit` is taken. It names no workouts, and a weight
/// of 0 is a body-weight set. A session with no Unix start is known by its date only.
struct JefitCSVImporter {
  let context: ImportContext

  /// The section's name for a line `### WORKOUT SESSIONS ###`; nil for any other.
  static func sectionName(_ line: String) -> String? {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("###"), text.hasSuffix("###") else { return nil }
    let name = text.trimmingCharacters(in: CharacterSet(charactersIn: "# "))
    return name.isEmpty ? nil : name.uppercased()
  }

  /// Whether a file's first line opens a JEFIT table.
  static func matches(header: [String]) -> Bool {
    header.count == 1 && sectionName(header[0]) != nil
  }

  /// The name JEFIT sessions share: JEFIT names none, and this one is an app's word for a
  /// workout, which the name predictor never announces as a program day.
  static let workoutName = "Workout"

  func sessions(table: CSVTable) throws -> [Session] {
    var sections: [String: (header: [String], rows: [CSVTable.Record])] = [:]
    var current: String?
    for record in table.records {
      let fields = table.fields(of: record)
      // Blank lines separate the tables; they are no rows.
      if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
      if fields.count == 1, let name = Self.sectionName(fields[0]) {
        current = name
        continue
      }
      if fields.count == 1, fields[0].trimmingCharacters(in: .whitespaces).allSatisfy({ $0 == "#" }) {
        current = nil
        continue
      }
      guard let name = current else { continue }
      if sections[name] == nil {
        sections[name] = (fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }, [])
      } else {
        sections[name]!.rows.append(record)
      }
    }
    guard sections["EXERCISE LOGS"] != nil || sections["WORKOUT SESSIONS"] != nil else {
      throw SpotterIOError.unknownHeader(
        file: context.fileName, header: "a JEFIT export without its WORKOUT SESSIONS or EXERCISE LOGS")
    }

    struct Draft {
      var start: Date
      var hasTime: Bool
      var end: Date?
      var grouper = ExerciseGrouper()
    }
    var drafts: [String: Draft] = [:]
    var order: [String] = []
    // Sessions left out for a start or length typed as none can be: their logs too.
    var leftOut: Set<String> = []

    if let (header, rows) = sections["WORKOUT SESSIONS"] {
      let id = try column("_id", in: header, section: "WORKOUT SESSIONS")
      for record in rows {
        // A session row that cannot be split costs that session, as a typo'd start does.
        guard record.count == header.count else {
          try context.leaveOutRecord(
            .fieldCount(
              file: context.fileName, line: record.line, expected: header.count, found: record.count))
          continue
        }
        let key = table[record, id].trimmed
        guard !key.isEmpty, drafts[key] == nil, !leftOut.contains(key) else { continue }
        context.findings?.countRecord()
        let start: Date
        let hasTime: Bool
        var end: Date?
        do {
          (start, hasTime) = try self.start(table, record, header: header)
          if let total = header.firstIndex(of: "total_time"),
            case .value(let seconds) = table.number(record, column: total),
            seconds > 0
          {
            try context.checkDuration(
              Int(min(seconds, 1e9)), line: record.line, column: "total_time", value: table[record, total])
            if hasTime { end = start.addingTimeInterval(seconds) }
          }
        } catch let error as SpotterIOError {
          // One session's typo costs that session and its logs, not the history.
          try context.passOverRecord(error)
          leftOut.insert(key)
          continue
        }
        drafts[key] = Draft(start: start, hasTime: hasTime, end: end)
        order.append(key)
      }
    }

    if let (header, rows) = sections["EXERCISE LOGS"] {
      let session = try column("belongsession", in: header, section: "EXERCISE LOGS")
      let name = try column("ename", in: header, section: "EXERCISE LOGS")
      let logs = try column("logs", in: header, section: "EXERCISE LOGS")
      for record in rows {
        guard try context.fitsHeader(record, header: header) else { continue }
        var key = table[record, session].trimmed
        // Logs that name no session are grouped by their day.
        if key.isEmpty {
          key = "day-" + (header.firstIndex(of: "mydate").map { table[record, $0].trimmed } ?? "")
        }
        guard !leftOut.contains(key) else { continue }
        if drafts[key] == nil {
          // Logged sets without their session row: a day known by its date.
          context.findings?.countRecord()
          do {
            let (start, hasTime) = try self.start(table, record, header: header)
            drafts[key] = Draft(start: start, hasTime: hasTime, end: nil)
            order.append(key)
          } catch let error as SpotterIOError {
            try context.passOverRecord(error)
            leftOut.insert(key)
            continue
          }
        }
        let exercise = table[record, name].trimmed
        for set in try sets(table[record, logs], line: record.line) {
          drafts[key]!.grouper.add(set, exercise: exercise)
        }
      }
    }

    return order.map { key in
      let draft = drafts[key]!
      return Session(
        id: "jefit-\(key)", source: .jefit, workoutName: Self.workoutName, start: draft.start, end: draft.end,
        state: .completed, exercises: draft.grouper.exercises, hasTimeOfDay: draft.hasTime)
    }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
  }

  /// A column of a section's header, or the error naming the section and what it lacks.
  private func column(_ name: String, in header: [String], section: String) throws -> Int {
    guard let index = header.firstIndex(of: name) else {
      throw SpotterIOError.unknownHeader(
        file: context.fileName,
        header: "\(section) without its '\(name)' column: \(header.joined(separator: ","))")
    }
    return index
  }

  /// A row's start: its Unix `starttime` (or the misspelt `starttimie`), else its `mydate` at
  /// midnight, known by its date only.
  private func start(_ table: CSVTable, _ record: CSVTable.Record, header: [String]) throws -> (Date, Bool) {
    for name in ["starttime", "starttimie"] {
      guard let column = header.firstIndex(of: name) else { continue }
      let text = table[record, column].trimmed
      guard !text.isEmpty, text != "0" else { continue }
      guard let seconds = Int(text), seconds > 0, seconds < 4_102_444_800 else {
        throw context.rowError(
          record.line, name, text,
          Phrase("invalid start (Unix seconds)", de: "ungültiger Start (Unix-Sekunden)"))
      }
      let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
      try context.checkDate(context.clock.local(instant), line: record.line, column: name, value: text)
      return (instant, true)
    }
    guard let column = header.firstIndex(of: "mydate") else {
      throw context.rowError(
        record.line, "mydate", "",
        Phrase("no start: neither starttime nor mydate", de: "kein Start: weder starttime noch mydate"))
    }
    let text = table[record, column].trimmed
    guard let date = LocalDate(parsing: text) else {
      throw context.rowError(
        record.line, "mydate", text,
        Phrase("invalid date (expected 2024-01-15)", de: "ungültiges Datum (erwartet 2024-01-15)"))
    }
    let midnight = LocalDateTime(date: date, time: LocalTime(hour: 0, minute: 0))
    try context.checkDate(midnight, line: record.line, column: "mydate", value: text)
    return (context.clock.instant(midnight), false)
  }

  /// The sets of a `logs` cell, `100x5,100x5,97.5x4`; a set of impossible values is passed over
  /// as in every export, and so is a token that is no set at all (`100x`, typed by hand), as a
  /// number cell that is no number is: counted against the file's share, so a `logs` column that
  /// holds something else is still refused.
  private func sets(_ cell: String, line: Int) throws -> [SetEntry] {
    var result: [SetEntry] = []
    for token in cell.split(separator: ",") {
      let text = token.trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty else { continue }
      let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let weight = Double(parts[0]), let reps = Double(parts[1]) else {
        try context.leaveOutSet(
          context.rowError(
            line, "logs", text,
            Phrase(
              "invalid set (expected WEIGHTxREPS, as 100x5)",
              de: "ungültiger Satz (erwartet GEWICHTxWDH, wie 100x5)")))
        continue
      }
      let unit = context.defaultUnit
      let set = try context.passOver { () throws -> SetEntry in
        let lifted = try context.checkedWeight(weight, line: line, column: "logs", text: text, unit: unit)
        let count = try context.checkedReps(reps, line: line, column: "logs", text: text)
        return SetEntry(weight: lifted > 0 ? lifted : nil, unit: unit, reps: count)
      }
      if let set { result.append(set) }
    }
    return result
  }
}
