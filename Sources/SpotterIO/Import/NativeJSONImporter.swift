import Foundation
import SpotterCore

/// Reads Spotter's native JSON history, which mirrors the seeds' `WorkoutSession`.
///
/// Either `{"weight_unit": "kg", "sessions": [...]}` or a bare array of sessions. Keys may be
/// snake_case or camelCase (`workout_name` or `workoutName`). Timestamps are ISO 8601; those with
/// no offset are local times in the configured zone.
struct NativeJSONImporter {
  let context: ImportContext
  let text: String

  func sessions(_ data: Data) throws -> [Session] {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      let nsError = error as NSError
      let index = nsError.userInfo["NSJSONSerializationErrorIndex"] as? Int
      throw SpotterIOError.malformedJSON(
        file: context.fileName, line: index.map(line(atUTF8Offset:)) ?? 1, field: "(document)",
        reason: Phrase("not valid JSON", de: "kein gültiges JSON"))
    }
    var unit = context.defaultUnit
    let list: [Any]
    if let object = root as? [String: Any] {
      if let unitText = object["weight_unit"] ?? object["weightUnit"] {
        guard let text = unitText as? String, let parsed = WeightUnit(spelling: text) else {
          throw fieldError(
            "weight_unit", value: "\(unitText)",
            Phrase("unknown weight unit", de: "unbekannte Gewichtseinheit"))
        }
        unit = parsed
      }
      guard let sessions = object["sessions"] as? [Any] else {
        throw SpotterIOError.malformedJSON(
          file: context.fileName, line: 1, field: "sessions",
          reason: Phrase("missing array of sessions", de: "die Liste der Einheiten fehlt"))
      }
      list = sessions
    } else if let array = root as? [Any] {
      list = array
    } else {
      throw SpotterIOError.malformedJSON(
        file: context.fileName, line: 1, field: "(document)",
        reason: Phrase("expected an object or array", de: "erwartet ein Objekt oder eine Liste"))
    }
    return try list.enumerated().compactMap { index, element in
      try session(element, path: "sessions[\(index)]", unit: unit)
    }
  }

  /// A session, or nil when its times leave it out (``times(_:path:)``).
  private func session(_ element: Any, path: String, unit: WeightUnit) throws -> Session? {
    guard let object = element as? [String: Any] else {
      throw fieldError(path, value: "\(element)", Phrase("expected an object", de: "erwartet ein Objekt"))
    }
    let id = try string(object, ["id"], path: path)
    let name = try string(object, ["workout_name", "workoutName", "name"], path: path)
    context.findings?.countRecord()
    guard let (start, end) = try times(object, path: path) else { return nil }
    var state = SessionState.completed
    if let raw = object["state"] {
      guard let text = raw as? String, let parsed = SessionState(rawValue: text.lowercased()),
        parsed != .abandoned
      else {
        throw fieldError(
          "\(path).state", value: "\(raw)",
          Phrase(
            "expected active, paused or completed, got", de: "erwartet active, paused oder completed, nicht"))
      }
      state = parsed
    }
    var exercises: [ExerciseEntry] = []
    for (exerciseIndex, rawExercise) in ((object["exercises"] as? [Any]) ?? []).enumerated() {
      let exercisePath = "\(path).exercises[\(exerciseIndex)]"
      guard let exercise = rawExercise as? [String: Any] else {
        throw fieldError(
          exercisePath, value: "\(rawExercise)", Phrase("expected an object", de: "erwartet ein Objekt"))
      }
      let exerciseName = try string(exercise, ["name", "exercise_name", "exerciseName"], path: exercisePath)
      var sets: [SetEntry] = []
      for (setIndex, rawSet) in ((exercise["sets"] as? [Any]) ?? []).enumerated() {
        let setPath = "\(exercisePath).sets[\(setIndex)]"
        guard let set = rawSet as? [String: Any] else {
          throw fieldError(
            setPath, value: "\(rawSet)", Phrase("expected an object", de: "erwartet ein Objekt"))
        }
        let weight = try number(set, "weight", path: setPath)
        let reps = try number(set, "reps", path: setPath)
        // A value no person can have done is a typo the tool kept: the set is left out with a
        // note and its session kept, as in the apps' CSV exports (`--strict` refuses the file).
        let plausible: Bool? = try context.passOver {
          if let weight, !ImportContext.isPlausible(weight: weight, unit: unit) {
            throw fieldError("\(setPath).weight", value: Self.text(weight), ImportContext.weightRange(unit))
          }
          if let reps, !ImportContext.isPlausible(reps: reps) {
            throw fieldError(
              "\(setPath).reps", value: Self.text(reps),
              "expected whole reps from 0 to \(SetEntry.maximumReps), got")
          }
          return true
        }
        guard plausible != nil else { continue }
        var kind = SetKind.normal
        if let rawKind = set["kind"] ?? set["type"] {
          guard let text = rawKind as? String, let parsed = SetKind(rawValue: text.lowercased()) else {
            throw fieldError(
              "\(setPath).kind", value: "\(rawKind)", "expected normal, warmup, drop or failure, got")
          }
          kind = parsed
        }
        var completed = true
        if let raw = set["completed"], !(raw is NSNull) {
          guard Self.isBoolean(raw), let flag = raw as? Bool else {
            throw fieldError(
              "\(setPath).completed", value: "\(raw)",
              Phrase("expected true or false, got", de: "erwartet true oder false, nicht"))
          }
          completed = flag
        }
        let completedAt = try instant(set, ["completed_at", "completedAt"], path: setPath, optional: true)
        sets.append(
          SetEntry(
            kind: kind, weight: weight, unit: unit, reps: reps.map { Int($0) }, completed: completed,
            completedAt: completedAt))
      }
      exercises.append(ExerciseEntry(name: exerciseName, sets: sets))
    }
    return Session(
      id: id, source: .json, workoutName: name, start: start, end: end, state: state,
      exercises: exercises)
  }

  private func string(_ object: [String: Any], _ keys: [String], path: String) throws -> String {
    guard let key = keys.first(where: { object[$0] != nil }) else {
      throw SpotterIOError.malformedJSON(
        file: context.fileName, line: 1, field: "\(path).\(keys[0])", reason: Phrase("missing", de: "fehlt"))
    }
    guard let text = object[key] as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw fieldError(
        "\(path).\(key)", value: "\(object[key]!)",
        Phrase("expected a non-empty string, got", de: "erwartet einen nicht leeren Text, nicht"))
    }
    return text.trimmingCharacters(in: .whitespaces)
  }

  private func number(_ object: [String: Any], _ key: String, path: String) throws -> Double? {
    guard let raw = object[key], !(raw is NSNull) else { return nil }
    guard let value = (raw as? NSNumber)?.doubleValue, !Self.isBoolean(raw), value.isFinite, value >= 0 else {
      throw fieldError(
        "\(path).\(key)", value: "\(raw)",
        Phrase("expected a non-negative number, got", de: "erwartet eine nicht negative Zahl, nicht"))
    }
    return value
  }

  /// A session's start and end, or nil when a typo leaves the session out with a note: a time
  /// that is none, a date outside 1970–2099, an end before the start (thrown when strict, and
  /// past a fifth of the sessions). A session without a start is still refused.
  private func times(_ object: [String: Any], path: String) throws -> (Date, Date?)? {
    let startKeys = ["start", "start_date", "startDate"]
    guard startKeys.contains(where: { object[$0] != nil && !(object[$0] is NSNull) }) else {
      // Refused: `instant` names the missing key.
      _ = try instant(object, startKeys, path: path)
      return nil
    }
    do {
      let start = try instant(object, startKeys, path: path)!
      let end = try instant(object, ["end", "end_date", "endDate"], path: path, optional: true)
      if let end, end < start {
        throw fieldError(
          "\(path).end", value: "\(object["end"] ?? object["endDate"] ?? "")", "end before start")
      }
      return (start, end)
    } catch let error as SpotterIOError {
      try context.passOverRecord(error)
      return nil
    }
  }

  private func instant(
    _ object: [String: Any], _ keys: [String], path: String, optional: Bool = false
  ) throws -> Date? {
    guard let key = keys.first(where: { object[$0] != nil && !(object[$0] is NSNull) }) else {
      if optional { return nil }
      throw SpotterIOError.malformedJSON(
        file: context.fileName, line: 1, field: "\(path).\(keys[0])", reason: Phrase("missing", de: "fehlt"))
    }
    guard let text = object[key] as? String, let (local, offset) = TimestampParser.iso8601(text) else {
      throw fieldError(
        "\(path).\(key)", value: "\(object[key]!)",
        Phrase("expected an ISO 8601 time, got", de: "erwartet eine Zeit nach ISO 8601, nicht"))
    }
    guard ImportContext.dates.contains(local.date) else {
      throw fieldError(
        "\(path).\(key)", value: text,
        Phrase("date out of range (1970 to 2099)", de: "Datum außerhalb des Bereichs (1970 bis 2099)"))
    }
    if let offset {
      return Date(timeIntervalSince1970: TimeInterval(local.wallSeconds - offset))
    }
    return context.clock.instant(local)
  }

  /// Whether JSONSerialization read `value` from `true` or `false`.
  ///
  /// `value is Bool` cannot tell: on Linux it holds for the numbers 0 and 1 as well, which turned
  /// a bodyweight `"weight": 0` or `"reps": 1` into an error. Only the literals are boolean
  /// NSNumbers, whose Objective-C type is `c`.
  static func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
  }

  /// A number as the user wrote it: `1e+19`, not `1.0e19`.
  static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }

  private func fieldError(_ field: String, value: String, _ reason: Phrase) -> SpotterIOError {
    .malformedJSON(
      file: context.fileName, line: line(of: value), field: field,
      reason: reason.appending(" \(ErrorText.quoted(value))"))
  }

  /// The line of the first occurrence of `value` in the document: JSONSerialization keeps no
  /// positions, and the bad value's own text is the best pointer back into the file.
  private func line(of value: String) -> Int {
    guard let range = text.range(of: value) else { return 1 }
    return text[..<range.lowerBound].utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  }

  private func line(atUTF8Offset offset: Int) -> Int {
    text.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  }
}
