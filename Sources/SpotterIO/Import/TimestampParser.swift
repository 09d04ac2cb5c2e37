import Foundation
import SpotterCore

/// Reads the timestamp forms found in real exports, without `DateFormatter`.
///
/// `DateFormatter` is slow on Linux and locale-sensitive; these forms are few and fixed, so a
/// hand-rolled reader is both faster and exact.
enum TimestampParser {
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// Strong: `2025-02-24 15:10:32`, or the 12-hour `2025-01-30 12:34:56 pm` with a narrow
  /// no-break space (U+202F) or a no-break space before the marker.
  static func strong(_ text: String) -> LocalDateTime? {
    let normalised = text.replacingOccurrences(of: "\u{202F}", with: " ")
      .replacingOccurrences(of: "\u{00A0}", with: " ").trimmingCharacters(in: .whitespaces)
    let parts = normalised.split(separator: " ")
    guard parts.count == 2 || parts.count == 3, let date = LocalDate(parsing: String(parts[0])),
      var seconds = clock(parts[1], allowSeconds: true)
    else { return nil }
    if parts.count == 3 {
      let marker = parts[2].lowercased()
      let hour = seconds / 3600
      guard (1...12).contains(hour), marker == "am" || marker == "pm" else { return nil }
      if marker == "am" && hour == 12 { seconds -= 12 * 3600 }
      if marker == "pm" && hour != 12 { seconds += 12 * 3600 }
    }
    return LocalDateTime(date: date, secondOfDay: seconds)
  }

  /// Hevy: `5 Dec 2025, 11:37` or `05 Dec 2025, 11:37`, and the reported `2024-01-07 17:15:00`.
  static func hevy(_ text: String) -> LocalDateTime? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.first?.isNumber == true, trimmed.count >= 16,
      trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)] == "-"
    {
      return strong(trimmed)
    }
    let halves = trimmed.split(separator: ",")
    guard halves.count == 2 else { return nil }
    let dateParts = halves[0].split(separator: " ")
    guard dateParts.count == 3, (1...2).contains(dateParts[0].count), let day = Int(dateParts[0]),
      let monthIndex = months.firstIndex(of: dateParts[1].lowercased().prefix(3).description),
      dateParts[1].count >= 3, dateParts[2].count == 4, let year = Int(dateParts[2]),
      let date = LocalDate(year: year, month: monthIndex + 1, day: day),
      let seconds = clock(halves[1].trimmingCharacters(in: .whitespaces)[...], allowSeconds: true)
    else { return nil }
    return LocalDateTime(date: date, secondOfDay: seconds)
  }

  /// ISO 8601: `2026-11-20T18:02:00`, with optional fraction and `Z` or `±HH:MM` offset.
  /// Returns the wall-clock reading and, when the text names one, its UTC offset in seconds.
  static func iso8601(_ text: String) -> (LocalDateTime, offset: Int?)? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.count >= 16 else { return nil }
    let separatorIndex = trimmed.index(trimmed.startIndex, offsetBy: 10)
    guard trimmed[separatorIndex] == "T" || trimmed[separatorIndex] == " ",
      let date = LocalDate(parsing: String(trimmed[..<separatorIndex]))
    else { return nil }
    var rest = trimmed[trimmed.index(after: separatorIndex)...]
    var offset: Int?
    if rest.hasSuffix("Z") || rest.hasSuffix("z") {
      offset = 0
      rest = rest.dropLast()
    } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let zone = rest[rest.index(after: signIndex)...].replacingOccurrences(of: ":", with: "")
      guard zone.count == 4 || zone.count == 2, zone.allSatisfy(\.isNumber) else { return nil }
      let hours = Int(zone.prefix(2))!
      let minutes = zone.count == 4 ? Int(zone.suffix(2))! : 0
      guard hours <= 18, minutes < 60 else { return nil }
      offset = (hours * 3600 + minutes * 60) * (rest[signIndex] == "-" ? -1 : 1)
      rest = rest[..<signIndex]
    }
    if let dot = rest.firstIndex(where: { $0 == "." || $0 == "," }) {
      guard rest[rest.index(after: dot)...].allSatisfy(\.isNumber) else { return nil }
      rest = rest[..<dot]
    }
    guard let seconds = clock(rest, allowSeconds: true) else { return nil }
    return (LocalDateTime(date: date, secondOfDay: seconds), offset)
  }

  /// `H:MM`, `HH:MM` or `HH:MM:SS` → seconds of day.
  private static func clock(_ text: Substring, allowSeconds: Bool) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || (allowSeconds && parts.count == 3),
      (1...2).contains(parts[0].count), parts.dropFirst().allSatisfy({ $0.count == 2 }),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
    else { return nil }
    let second = parts.count == 3 ? Int(parts[2]) ?? 99 : 0
    guard second < 60 else { return nil }
    return hour * 3600 + minute * 60 + second
  }

  /// Strong durations: `1h 3m`, `31m`, `38min`, `264h 1m`, `45s`, or whole seconds `2176`.
  static func duration(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return nil }
    if let seconds = Double(trimmed), seconds >= 0 { return Int(seconds) }
    var total = 0
    var matched = false
    for token in trimmed.split(separator: " ") {
      let digits = token.prefix(while: \.isNumber)
      guard let value = Int(digits) else { return nil }
      switch token.dropFirst(digits.count) {
      case "h": total += value * 3600
      case "m", "min": total += value * 60
      case "s": total += value
      default: return nil
      }
      matched = true
    }
    return matched ? total : nil
  }
}
