import Foundation
import SpotterCore

/// Turns a workout from Hevy's API into the session a Hevy CSV export of the same workout gives.
///
/// The CSV names a workout by its local start, to the minute, and its title; so does this, so a
/// workout synced and then imported from an export is the same session, never two. Weights come
/// in kilograms, as in a metric export.
public struct HevySessionMapper: Sendable {
  public var clock: ZoneClock

  public init(clock: ZoneClock) {
    self.clock = clock
  }

  /// `where` names the workout in errors: the address and the JSON path of the workout. With
  /// `findings`, a set whose weight or reps no person can have done (a typo the app accepted)
  /// is left out and noted there, its workout kept, as an export's import does; without, it
  /// refuses the workout. So with a workout that can be no session (no start, a date out of
  /// range): with `findings` it is left out and noted there, and nil comes back.
  public func session(_ workout: HevyWorkout, where place: String, findings: ImportFindings? = nil) throws
    -> PackedSession?
  {
    var context = ImportContext(fileName: place, clock: clock, defaultUnit: .kilograms)
    context.findings = findings
    findings?.countRecord()
    func bad(_ field: String, _ value: String, _ reason: String) -> SpotterIOError {
      .malformedJSON(file: place, line: 1, field: field, reason: "\(reason) \(ErrorText.quoted(value))")
    }
    func minute(_ text: String?, _ field: String) throws -> LocalDateTime {
      guard let text, let instant = InstantParser.parse(text, clock: clock) else {
        throw bad(field, text ?? "", "expected an ISO 8601 time such as 2026-11-22T17:00:00Z, got")
      }
      var local = clock.local(instant)
      // Hevy's export writes minutes: the seconds would make another session of the same one.
      local.secondOfDay -= local.secondOfDay % 60
      guard ImportContext.dates.contains(local.date) else {
        throw bad(field, text, "date out of range (1970 to 2099)")
      }
      return local
    }
    let start: LocalDateTime
    let endLocal: LocalDateTime?
    do {
      start = try minute(workout.startTime, "start_time")
      endLocal = try workout.endTime.map { try minute($0, "end_time") }
    } catch let error as SpotterIOError {
      // The server sends such a workout every night: it would stop every sync for good.
      try context.passOverRecord(error)
      return nil
    }
    let title = (workout.title ?? "").trimmingCharacters(in: .whitespaces)
    var grouper = ExerciseGrouper()
    let exercises = (workout.exercises ?? []).enumerated().sorted {
      ($0.element.index ?? $0.offset, $0.offset) < ($1.element.index ?? $1.offset, $1.offset)
    }
    for (number, exercise) in exercises {
      let name = (exercise.title ?? "").trimmingCharacters(in: .whitespaces)
      let sets = (exercise.sets ?? []).enumerated().sorted {
        ($0.element.index ?? $0.offset, $0.offset) < ($1.element.index ?? $1.offset, $1.offset)
      }
      for (setNumber, set) in sets {
        let path = "exercises[\(number)].sets[\(setNumber)]"
        var kind = SetKind.normal
        if let type = set.type, !type.trimmingCharacters(in: .whitespaces).isEmpty, type != "normal" {
          guard let named = SetKind(word: type) else {
            // A type Hevy adds costs its set, not the sync, which the workout would stop for good.
            try context.leaveOutSet(
              bad(path + ".type", type, "unknown set type; accepted: \(SetKind.acceptedWords); got"))
            continue
          }
          kind = named
        }
        let checked: (weight: Double?, reps: Int?)? = try context.passOver {
          let weight = try set.weightKg.map {
            try context.checkedWeight(
              $0, line: 1, column: path + ".weight_kg", text: "\($0)", unit: .kilograms)
          }
          let reps = try set.reps.map {
            try context.checkedReps($0, line: 1, column: path + ".reps", text: "\($0)")
          }
          return (weight, reps)
        }
        guard let (weight, reps) = checked else { continue }
        grouper.add(SetEntry(kind: kind, weight: weight, unit: .kilograms, reps: reps), exercise: name)
      }
    }
    let startInstant = clock.instant(start)
    var end = endLocal.map { clock.instant($0) }
    // As the export's importer: an end past a day is no workout's length.
    if let finish = end,
      finish < startInstant || finish.timeIntervalSince(startInstant) > Double(HevyCSVImporter.longestSeconds)
    {
      end = nil
    }
    return PackedSession(
      Session(
        id: HevyCSVImporter.sessionID(start: start, title: title), source: .hevy, workoutName: title,
        start: startInstant, end: end, state: .completed, exercises: grouper.exercises))
  }
}
