import Foundation
import SpotterCore

/// Finds Strong's columns by what they hold when the header's words are none Spotter knows: a
/// Strong export in a language nobody here has seen.
///
/// Strong writes its columns in one order in every dialect and language: an optional workout
/// number, the date-time, the workout's name, an optional duration, the exercise's name, the set
/// order (numbers, letters or words), the weight, an optional unit, the reps, and then columns
/// Spotter does not need. Each column's first rows are read as what they can be, and that order
/// is laid over them; a file that does not fit gets the header error, as before.
enum StrongColumnInference {
  /// How many records are looked at: enough to see a rest row, a warm-up and a second workout.
  static let sampleSize = 200

  /// What a column's sampled values all are.
  private struct Shape {
    var dateTimes = true
    var durations = true
    var numbers = true
    var setOrders = true
    var anyText = false
    var filled = 0
    var digitCount = 0
  }

  /// The columns of `header` found from the values of `records` in `table`, or nil when the
  /// file is not shaped as Strong writes.
  static func columns(header: [String], records: ArraySlice<CSVTable.Record>, in table: CSVTable)
    -> [StrongColumn: Int]?
  {
    let sample = records.prefix(sampleSize).filter { $0.count == header.count }
    guard header.count >= 8, sample.count >= 1 else { return nil }
    var shapes = Array(repeating: Shape(), count: header.count)
    var dates = DateTimeReader()
    for record in sample {
      for column in header.indices {
        let text = table[record, column].trimmed
        guard !text.isEmpty else { continue }
        shapes[column].filled += 1
        if shapes[column].dateTimes, TimestampParser.strong(text) == nil,
          (try? dates.read(text, line: record.line)) == nil
        {
          shapes[column].dateTimes = false
        }
        if shapes[column].durations, TimestampParser.duration(text) == nil {
          shapes[column].durations = false
        }
        // Foundation's replacing bridges on Linux; most cells hold no comma to replace.
        let number = Double(text.utf8.contains(0x2C) ? text.replacingOccurrences(of: ",", with: ".") : text)
        if number == nil { shapes[column].numbers = false }
        if text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) { shapes[column].digitCount += 1 }
        if shapes[column].setOrders, number == nil, text.count > 24, SetKind(word: text) == nil {
          shapes[column].setOrders = false
        }
        if number == nil { shapes[column].anyText = true }
      }
    }
    func isText(_ column: Int) -> Bool {
      column < header.count && shapes[column].anyText && !shapes[column].dateTimes
        && shapes[column].filled > 0
    }
    guard
      let date = shapes.indices.first(where: {
        shapes[$0].dateTimes && shapes[$0].filled == sample.count && !shapes[$0].numbers
      })
    else { return nil }
    var columns: [StrongColumn: Int] = [.date: date]
    var next = date + 1
    guard next < header.count, !shapes[next].numbers || shapes[next].anyText else { return nil }
    columns[.workoutName] = next
    next += 1
    // A duration column holds durations in every row (`1h 3m`, `2176`) and is followed by the
    // exercise's name; the 2019 dialect has none.
    if next + 1 < header.count, shapes[next].durations, shapes[next].filled == sample.count, isText(next + 1)
    {
      columns[.duration] = next
      next += 1
    }
    guard isText(next) else { return nil }
    columns[.exerciseName] = next
    next += 1
    // The set order: numbers for most rows, letters or words for the rest, and in every row:
    // Strong writes one on each. An empty column fitted "most rows" too, and Strava's
    // activities.csv (its description column empty) was taken for a Strong export in a folder of
    // downloads, hiding the real one there and failing the import.
    guard next < header.count, shapes[next].setOrders, shapes[next].filled == sample.count,
      shapes[next].digitCount * 2 >= shapes[next].filled
    else { return nil }
    columns[.setOrder] = next
    next += 1
    guard next < header.count, shapes[next].numbers else { return nil }
    columns[.weight] = next
    next += 1
    if next < header.count, shapes[next].anyText, !shapes[next].numbers {
      columns[.weightUnit] = next
      next += 1
    }
    if next < header.count, shapes[next].numbers { columns[.reps] = next }
    return columns
  }
}
