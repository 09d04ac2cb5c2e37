import Foundation
import SpotterCore

/// Reads GymBook's CSV export (iOS): one row per set, with the workout's date, its program's
/// name and the set's time of day.
///
/// The Italian export, as real ones are written: `Data,Programma,Orario,Esercizio,Zona,Gruppi
/// muscolari (Primari),Gruppi muscolari (Secondari),Set / Set di riscaldamento / Set di
/// defaticamento,Ripetizioni / Tempo,Peso / Distanza,Appunti,Saltato`, dates `dd/mm/yy`, times
/// `HH:mm`, weights `"22,50 kg"` with the unit in the cell. The app's other languages write the
/// same columns in the same order; they are known here by the first word of each column's name
/// in English, German, French and Spanish as well.
///
/// A session is a date and program; it starts at its first set's time and ends at its last.
/// A row's `Ripetizioni / Tempo` is reps, or a time for a timed exercise (no reps then); its
/// `Peso / Distanza` a weight, or a distance (a cardio row: part of the session, not a set).
/// Warm-up rows are warm-ups; skipped rows are no sets.
struct GymBookCSVImporter {
  let context: ImportContext

  /// The first word of each column's name, in the languages known.
  static let columnWords: [String: [String]] = [
    "date": ["data", "date", "datum", "fecha"],
    "program": [
      "programma", "program", "workout", "programm", "training", "programme", "programa", "entrenamiento",
    ],
    "time": ["orario", "time", "uhrzeit", "heure", "hora"],
    "exercise": ["esercizio", "exercise", "übung", "exercice", "ejercicio"],
    "zone": ["zona", "region", "area", "zone", "bereich", "région"],
    "set": ["set", "satz", "série", "serie"],
    "reps": ["ripetizioni", "repetitions", "reps", "wiederholungen", "répétitions", "repeticiones"],
    "weight": ["peso", "weight", "gewicht", "poids"],
    "skipped": ["saltato", "skipped", "übersprungen", "ignoré", "omitido", "saltado"],
  ]

  static func column(_ role: String, in names: [String]) -> Int? {
    let words = columnWords[role] ?? []
    return names.firstIndex { name in
      let first =
        name.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "(" }).first.map(String.init) ?? name
      return words.contains(first)
    }
  }

  static func matches(header: [String]) -> Bool {
    let names = header.map(StrongColumn.normalise)
    // The six it cannot do without, and its zone or muscle-group columns, which only GymBook has.
    let needed = ["date", "program", "time", "exercise", "reps", "weight", "zone"]
    return needed.allSatisfy { column($0, in: names) != nil } && !names.contains("workout name")
      && !names.contains("category")
  }

  func sessions(header: [String], table: CSVTable, rows: ArraySlice<CSVTable.Record>) throws -> [Session] {
    let names = header.map(StrongColumn.normalise)
    let date = Self.column("date", in: names)!
    let program = Self.column("program", in: names)!
    let time = Self.column("time", in: names)!
    let exercise = Self.column("exercise", in: names)!
    let reps = Self.column("reps", in: names)!
    let weight = Self.column("weight", in: names)!
    let setKind = Self.column("set", in: names)
    let skipped = Self.column("skipped", in: names)

    struct Draft {
      var name: String
      var start: LocalDateTime
      var end: LocalDateTime
      var provisional: Bool
      var line: Int
      var grouper = ExerciseGrouper()
    }
    var drafts: [Draft] = []
    var byKey: [String: Int] = [:]
    var dates = DateTimeReader(order: context.dateOrder)
    for record in rows {
      guard try context.fitsHeader(record, header: header) else { continue }
      let dateText = table[record, date].trimmed
      let timeText = table[record, time].trimmed
      let text = dateText + " " + timeText
      guard
        let reading = try context.dateTime(
          text, fast: { _ in nil }, reader: &dates, line: record.line, column: header[date], dating: .set)
      else { continue }
      let name = table[record, program].trimmed
      let key = dateText + "\u{1F}" + name
      let index: Int
      if let known = byKey[key] {
        index = known
        drafts[index].start = min(drafts[index].start, reading.value)
        drafts[index].end = max(drafts[index].end, reading.value)
      } else {
        drafts.append(
          Draft(
            name: name, start: reading.value, end: reading.value, provisional: reading.provisional,
            line: record.line))
        index = drafts.count - 1
        byKey[key] = index
      }
      if let skipped,
        ["sì", "si", "yes", "ja", "oui", "sí", "true", "1"].contains(
          table[record, skipped].trimmed.lowercased())
      {
        continue
      }
      let values = try context.passOver { () throws -> (Double?, WeightUnit, Int?, Bool) in
        let (lifted, unit, isDistance) = try weightCell(table, record, column: weight, header: header)
        let count = try repsCell(table, record, column: reps, header: header)
        return (lifted, unit, count, isDistance)
      }
      guard let (lifted, unit, count, isDistance) = values, !isDistance, lifted != nil || count != nil else {
        continue
      }
      let word = setKind.map { table[record, $0].lowercased() } ?? ""
      let kind: SetKind =
        ["riscald", "warm", "aufwärm", "échauff", "calent"].contains { word.contains($0) } ? .warmup : .normal
      drafts[index].grouper.add(
        SetEntry(kind: kind, weight: lifted, unit: unit, reps: count),
        exercise: table[record, exercise].trimmed)
    }
    let turnRound = try dates.finish(file: context.fileName, column: header[date])
    return try drafts.map { draft in
      var draft = draft
      if turnRound, draft.provisional, let start = draft.start.turnedRound, let end = draft.end.turnedRound {
        (draft.start, draft.end) = (start, end)
      }
      try context.checkDate(draft.start, line: draft.line, column: header[date], value: "\(draft.start)")
      let start = context.clock.instant(draft.start)
      let end = context.clock.instant(draft.end)
      return Session(
        id: "gymbook-\(draft.start)-\(Fingerprint.hex(draft.name).prefix(8))", source: .gymbook,
        workoutName: draft.name, start: start, end: end > start ? end : nil, state: .completed,
        exercises: draft.grouper.exercises)
    }
  }

  /// `"22,50 kg"`, `"50 lb"`, `"5,00 km"`: the number (decimal comma or point), its unit, and
  /// whether it is a distance.
  private func weightCell(_ table: CSVTable, _ record: CSVTable.Record, column: Int, header: [String]) throws
    -> (
      Double?, WeightUnit, Bool
    )
  {
    let text = table[record, column].trimmed
    guard !text.isEmpty else { return (nil, context.defaultUnit, false) }
    let number = text.prefix { $0.isNumber || $0 == "," || $0 == "." }
    let word = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
    guard !number.isEmpty, let value = Double(number.replacingOccurrences(of: ",", with: ".")) else {
      throw context.rowError(
        record.line, header[column], text, Phrase("invalid weight", de: "ungültiges Gewicht"))
    }
    if ["km", "m", "mi", "yd", "ft"].contains(word) { return (nil, context.defaultUnit, true) }
    guard word.isEmpty || WeightUnit(spelling: word) != nil else {
      throw context.rowError(
        record.line, header[column], text, Phrase("unknown weight unit", de: "unbekannte Gewichtseinheit"))
    }
    let unit = WeightUnit(spelling: word) ?? context.defaultUnit
    return (
      try context.checkedWeight(value, line: record.line, column: header[column], text: text, unit: unit),
      unit, false
    )
  }

  /// Reps, or nil for a time (`00:30`) or an empty cell.
  private func repsCell(_ table: CSVTable, _ record: CSVTable.Record, column: Int, header: [String]) throws
    -> Int?
  {
    let text = table[record, column].trimmed
    guard !text.isEmpty, !text.contains(":") else { return nil }
    guard let value = Double(text.replacingOccurrences(of: ",", with: ".")) else {
      throw context.rowError(record.line, header[column], text, ImportContext.repsRange)
    }
    return try context.checkedReps(value, line: record.line, column: header[column], text: text)
  }
}
