import SpotterCore

/// Puts back together a FitNotes for Android row that has more fields than its header.
///
/// FitNotes writes custom exercise names with their commas unquoted (`Overhead Press (Each Side,
/// Dumbbells)`), so such a row splits into one field too many per comma. Every column but the
/// exercise and the category is typed (a date, numbers, unit words), so the fields are placed
/// from both ends and the free text between them is split into exercise and category where the
/// file's well-formed rows say: at the one split whose category, else whose exercise, the file
/// names elsewhere. A row that stays ambiguous is refused as before.
struct FitNotesRowRepair {
  /// Categories and exercises of the file's rows with the header's field count.
  var categories: Set<String> = []
  var exercises: Set<String> = []
  let exercise: Int
  let category: Int
  let columns: Int

  init(header: [String], exercise: Int, category: Int) {
    self.exercise = exercise
    self.category = category
    columns = header.count
  }

  mutating func learn(_ fields: [String]) {
    guard fields.count == columns else { return }
    categories.insert(fields[category].trimmed)
    exercises.insert(fields[exercise].trimmed)
  }

  /// The row's fields in the header's places, or nil when the split is not certain.
  func repaired(_ fields: [String], typedTailIsValid: ([String]) -> Bool) -> [String]? {
    // The exercise and category columns side by side, exercise first, as FitNotes writes them.
    guard fields.count > columns, category == exercise + 1 else { return nil }
    let extra = fields.count - columns
    let tailCount = columns - category - 1
    let head = Array(fields[..<exercise])
    let pieces = Array(fields[exercise..<(fields.count - tailCount)])
    let tail = Array(fields[(fields.count - tailCount)...])
    guard typedTailIsValid(head + ["", ""] + tail) else { return nil }
    let splits = (1...(extra + 1)).map { cut in
      (pieces[..<cut].joined(separator: ","), pieces[cut...].joined(separator: ","))
    }
    let byCategory = splits.filter { categories.contains($0.1.trimmed) }
    let byExercise = splits.filter { exercises.contains($0.0.trimmed) }
    guard let chosen = byCategory.count == 1 ? byCategory[0] : byExercise.count == 1 ? byExercise[0] : nil
    else {
      return nil
    }
    return head + [chosen.0, chosen.1] + tail
  }
}
