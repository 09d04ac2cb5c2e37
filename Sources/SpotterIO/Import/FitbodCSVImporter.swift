import Foundation
import SpotterCore

/// Reads Fitbod's "Export Workout Data": one row per set, with the set's time.
///
/// The forms seen in real exports and tools that read them:
/// - `Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier`
///   (current), with `Weight(lbs)` for imperial accounts;
/// - `Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),isWarmup,Note` (without the machine
///   columns);
/// - `Date,Exercise,Sets,Reps,Weight,isWarmup,Note` (early), one row per exercise and its sets.
///
/// Dates are `2021-12-27 10:02:51 +0000` (the instant, with its offset) or a local time without
/// one; the early form also wrote the day alone (`2019-02-13`), whose rows are that day's workout,
/// known by its date only (``Session/hasTimeOfDay`` false, as FitNotes's). Fitbod names no
/// workouts: the rows of one workout are the sets within two hours of the one before, and the
/// session's start is its first set's time. Cardio rows (no reps or weight, a duration or
/// distance) make the session but no set; `isWarmup` sets are warm-ups; an assisted exercise's
/// negative weight is a set without a load; the unit is the weight column's, else the configured
/// one.
struct FitbodCSVImporter {
  let context: ImportContext

  /// A pause longer than this between two sets starts another workout.
  static let longestPause: TimeInterval = 2 * 3600

  static func matches(header: [String]) -> Bool {
    let names = Set(header.map(StrongColumn.normalise))
    return names.contains("date") && names.contains("exercise") && names.contains("reps")
      && names.contains { $0.hasPrefix("weight") }
      && (names.contains("iswarmup") || names.contains("multiplier"))
      && !names.contains("category") && !names.contains("workout name")
  }

  func sessions(header: [String], table: CSVTable, rows: ArraySlice<CSVTable.Record>) throws -> [Session] {
    let names = header.map(StrongColumn.normalise)
    let date = names.firstIndex(of: "date")!
    let exercise = names.firstIndex(of: "exercise")!
    let reps = names.firstIndex(of: "reps")!
    let weight = names.firstIndex { $0.hasPrefix("weight") }!
    let setsColumn = names.firstIndex(of: "sets")
    let warmup = names.firstIndex(of: "iswarmup")
    let cardio = [
      names.firstIndex { $0.hasPrefix("duration") }, names.firstIndex { $0.hasPrefix("distance") },
    ]
    .compactMap { $0 }
    let unit =
      names[weight].contains("lb")
      ? WeightUnit.pounds : names[weight].contains("kg") ? .kilograms : context.defaultUnit

    struct Row {
      var at: Date
      var line: Int
      var exercise: String
      var sets: [SetEntry]
      /// The day, when the row gives no time of day.
      var day: LocalDate?
    }
    var read: [Row] = []
    for record in rows {
      guard try context.fitsHeader(record, header: header) else { continue }
      let text = table[record, date].trimmed
      // `2021-12-27 10:02:51 +0000`: the offset after a blank, which ISO 8601 writes without.
      let joined = text.replacingOccurrences(of: " +", with: "+").replacingOccurrences(of: " -", with: "-")
      let day = LocalDate(parsing: text)
      guard
        let (local, offset) = day.map({ (LocalDateTime(date: $0, secondOfDay: 0), nil) })
          ?? TimestampParser.iso8601(joined)
      else {
        // Every row is a set with its own time: a typo'd one costs that set.
        try context.leaveOutSet(
          context.rowError(
            record.line, header[date], text, "invalid date (expected 2021-12-27 10:02:51 +0000 or 2019-02-13)"
          ))
        continue
      }
      do {
        try context.checkDate(local, line: record.line, column: header[date], value: text)
      } catch let error as SpotterIOError {
        try context.leaveOutSet(error)
        continue
      }
      let at =
        offset.map { Date(timeIntervalSince1970: TimeInterval(local.wallSeconds - $0)) }
        ?? context.clock.instant(local)
      var kind = SetKind.normal
      if let warmup, ["true", "1", "yes"].contains(table[record, warmup].trimmed.lowercased()) {
        kind = .warmup
      }
      let values = try context.passOver { () throws -> (Double?, Int?, Int) in
        // An assisted exercise's weight is the help, written negative (`Assisted Chin Up` at
        // -18.1): a set at the body's weight, which no record or suggestion may read as a load.
        var assisted = false
        if case .value(let help) = table.negativeNumber(record, column: weight) {
          assisted = help > 0 && ImportContext.isPlausible(weight: help, unit: unit)
        }
        let lifted =
          assisted ? nil : try context.weight(table, record, column: weight, header: header, unit: unit)
        let count = try context.reps(table, record, column: reps, header: header)
        var times = 1
        if let setsColumn, case .value(let value) = table.number(record, column: setsColumn) {
          guard value >= 1, value <= 100, value == value.rounded() else {
            throw context.rowError(
              record.line, header[setsColumn], table[record, setsColumn], "invalid sets (1 to 100)")
          }
          times = Int(value)
        }
        return (lifted, count, times)
      }
      var sets: [SetEntry] = []
      if let (lifted, count, times) = values {
        // A cardio row (a duration or distance, no reps and no weight) is part of the workout, not a set.
        let isCardio =
          (count ?? 0) == 0 && (lifted ?? 0) == 0
          && cardio.contains {
            if case .value(let v) = table.number(record, column: $0) { v > 0 } else { false }
          }
        if !isCardio {
          sets = Array(repeating: SetEntry(kind: kind, weight: lifted, unit: unit, reps: count), count: times)
        }
      }
      read.append(
        Row(at: at, line: record.line, exercise: table[record, exercise].trimmed, sets: sets, day: day))
    }
    // The export lists sets newest or oldest first, by app version: read in time order.
    read.sort { ($0.at, $0.line) < ($1.at, $1.line) }
    var sessions: [Session] = []
    var index = 0
    while index < read.count {
      var last = index
      // A day without times is one workout, and never joins a timed one.
      while last + 1 < read.count, read[last + 1].day == read[index].day,
        read[last + 1].at.timeIntervalSince(read[last].at) <= Self.longestPause
      {
        last += 1
      }
      var grouper = ExerciseGrouper()
      for row in read[index...last] {
        for set in row.sets { grouper.add(set, exercise: row.exercise) }
      }
      let start = read[index].at
      let end = read[last].at
      // A day's id is its date, as FitNotes's: midnight's instant moves with the zone.
      let id = read[index].day.map { "fitbod-\($0)" } ?? "fitbod-\(Int(start.timeIntervalSince1970))"
      sessions.append(
        Session(
          id: id, source: .fitbod, workoutName: Self.workoutName, start: start, end: end > start ? end : nil,
          state: .completed, exercises: grouper.exercises, hasTimeOfDay: read[index].day == nil))
      index = last + 1
    }
    return sessions
  }

  /// Fitbod names no workouts; its sessions share this name.
  static let workoutName = "Fitbod Workout"
}
