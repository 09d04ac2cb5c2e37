import Foundation

/// A column of Strong's CSV export, under every name Strong gives it.
///
/// Strong writes the header in the app's language. Each alias below was seen in a real export
/// (the tests quote each header): English in its classic and newer dialects, German, French and
/// Chinese. A header in another language is recognised as Strong's by its shape and refused with
/// the columns it has and the ones Spotter looks for, so adding a language is one line here.
enum StrongColumn: String, CaseIterable {
  case date, workoutName, duration, exerciseName, setOrder, weight, weightUnit, reps

  /// The languages with aliases, named in errors.
  static let languages = "English, German, French, Chinese"

  /// The columns without which no session can be read.
  static let required: [StrongColumn] = [.date, .workoutName, .exerciseName, .setOrder]

  /// The column's names, lowercased and trimmed, English first.
  var aliases: [String] {
    switch self {
    case .date: ["date", "datum", "日期"]
    case .workoutName: ["workout name", "workout-name", "nom de l'entraînement", "锻炼名称"]
    case .duration: ["duration", "workout duration", "duration (sec)", "dauer", "durée", "时长"]
    case .exerciseName: ["exercise name", "name der übung", "nom de l'exercice", "运动名称"]
    case .setOrder: ["set order", "reihenfolge festlegen", "ordre de la série", "设置顺序"]
    case .weight:
      ["weight", "weight (kg)", "weight (kgs)", "weight (lbs)", "lbs", "kgs", "kg", "gewicht", "poids", "重量"]
    case .weightUnit: ["weight unit"]
    case .reps: ["reps", "wiederh.", "réps", "次"]
    }
  }

  /// What the column is called in English, for errors.
  var englishName: String {
    switch self {
    case .date: "Date"
    case .workoutName: "Workout Name"
    case .duration: "Duration"
    case .exerciseName: "Exercise Name"
    case .setOrder: "Set Order"
    case .weight: "Weight"
    case .weightUnit: "Weight Unit"
    case .reps: "Reps"
    }
  }

  /// The index of this column in a header of normalised names.
  func index(in names: [String]) -> Int? {
    // String equality is canonical: a decomposed "Réps" (e + combining accent) still matches.
    names.firstIndex { aliases.contains($0) }
  }

  /// A header cell as the aliases spell it.
  static func normalise(_ name: String) -> String {
    // A name that starts and ends with a printable ASCII character has nothing to trim, and
    // Foundation's trimming bridges to NSString on Linux: most of the cost of a header's check.
    let utf8 = name.utf8
    if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first),
      (0x21...0x7E).contains(last)
    {
      return name.lowercased()
    }
    return name.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// Whether `header` has the shape of Strong's export whatever its language: ten or more
  /// columns ending in `RPE`, or the twelve of the classic export.
  static func looksLikeStrong(_ header: [String]) -> Bool {
    let names = header.map(normalise)
    // Hevy names its columns in snake_case, Strong never does.
    guard !names.contains(where: { $0.contains("_") }) else { return false }
    return (names.count >= 10 && names.last == "rpe") || names.count == 12 && names.contains("rpe")
  }
}
