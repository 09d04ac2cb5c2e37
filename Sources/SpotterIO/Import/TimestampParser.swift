import SpotterCore

/// Reads the timestamp forms found in real exports, without `DateFormatter`.
///
/// `DateFormatter` is slow on Linux and locale-sensitive; these forms are few and fixed, so a
/// hand-rolled reader is both faster and exact. It works on UTF-8 bytes: Foundation's string
/// methods bridge through `NSString` on Linux, and `Character` walks grapheme clusters, each
/// costing more than the whole parse.
enum TimestampParser {
  private static let months: [[UInt8]] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ].map { Array($0.utf8) }

  /// Strong: `2025-02-24 15:10:32`, or the 12-hour `2025-01-30 12:34:56 pm` with a narrow
  /// no-break space (U+202F) or a no-break space before the marker.
  static func strong(_ text: String) -> LocalDateTime? {
    strong(words(normalisedBytes(text)[...]))
  }

  private static func strong(_ parts: [ArraySlice<UInt8>]) -> LocalDateTime? {
    guard parts.count == 2 || parts.count == 3, let date = date(parts[0]),
      var seconds = clock(parts[1])
    else { return nil }
    if parts.count == 3 {
      let marker = parts[2].map { $0 | 0x20 }
      let hour = seconds / 3600
      let am = Array("am".utf8)
      let pm = Array("pm".utf8)
      guard (1...12).contains(hour), marker == am || marker == pm else { return nil }
      if marker == am && hour == 12 { seconds -= 12 * 3600 }
      if marker == pm && hour != 12 { seconds += 12 * 3600 }
    }
    return LocalDateTime(date: date, secondOfDay: seconds)
  }

  /// Hevy: `5 Dec 2025, 11:37` or `05 Dec 2025, 11:37`, and the reported `2024-01-07 17:15:00`.
  static func hevy(_ text: String) -> LocalDateTime? {
    let bytes = normalisedBytes(text)
    let halves = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard halves.count == 2 else {
      let parts = words(bytes[...])
      guard let first = parts.first, first.count == 10, first[first.startIndex + 4] == UInt8(ascii: "-")
      else { return nil }
      return strong(parts)
    }
    let dateParts = words(halves[0])
    let clockParts = words(halves[1])
    guard dateParts.count == 3, clockParts.count == 1, (1...2).contains(dateParts[0].count),
      let day = ASCIIDigits.value(dateParts[0]), dateParts[1].count >= 3,
      let monthIndex = months.firstIndex(of: dateParts[1].prefix(3).map { $0 | 0x20 }),
      dateParts[2].count == 4, let year = ASCIIDigits.value(dateParts[2]),
      let date = LocalDate(year: year, month: monthIndex + 1, day: day), let seconds = clock(clockParts[0])
    else { return nil }
    return LocalDateTime(date: date, secondOfDay: seconds)
  }

  /// ISO 8601: `2026-11-20T18:02:00`, with optional fraction and `Z` or `±HH:MM` offset.
  /// Returns the wall-clock reading and, when the text names one, its UTC offset in seconds.
  static func iso8601(_ text: String) -> (LocalDateTime, offset: Int?)? {
    let all = Array(text.utf8)
    let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
    guard let first = all.firstIndex(where: { !blank($0) }), let last = all.lastIndex(where: { !blank($0) })
    else { return nil }
    let bytes = all[first...last]
    guard bytes.count >= 16, let date = date(bytes.prefix(10)) else { return nil }
    let separator = bytes[bytes.startIndex + 10]
    guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: " ") else { return nil }
    var rest = bytes.dropFirst(11)
    var offset: Int?
    if rest.last == UInt8(ascii: "Z") || rest.last == UInt8(ascii: "z") {
      offset = 0
      rest = rest.dropLast()
    } else if let signIndex = rest.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
      let zone = rest[(signIndex + 1)...].filter { $0 != UInt8(ascii: ":") }
      guard zone.count == 4 || zone.count == 2, let hours = ASCIIDigits.value(zone.prefix(2)),
        let minutes = zone.count == 4 ? ASCIIDigits.value(zone.suffix(2)) : 0, hours <= 18, minutes < 60
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (rest[signIndex] == UInt8(ascii: "-") ? -1 : 1)
      rest = rest[..<signIndex]
    }
    if let dot = rest.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
      guard rest[(dot + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      rest = rest[..<dot]
    }
    guard let seconds = clock(rest) else { return nil }
    return (LocalDateTime(date: date, secondOfDay: seconds), offset)
  }

  /// Strong durations: `1h 3m`, `31m`, `38min`, `264h 1m`, `45s`, whole seconds `2176`, and the
  /// same in the app's language: `2h 23min` (German), `35min` (French), `1 h 46 min` (Spanish),
  /// `1小时13分钟` (Chinese).
  static func duration(_ text: String) -> Int? {
    let tokens = words(Array(text.utf8)[...])
    if tokens.isEmpty { return nil }
    if tokens.count == 1, let seconds = Double(String(decoding: tokens[0], as: UTF8.self)), seconds >= 0,
      seconds < 1e12
    {
      return Int(seconds)
    }
    var total = 0
    // "1 h 46 min" (Spanish) writes a space between a number and its unit: read as "1h46min".
    let joined = tokens.count > 1 && tokens.contains(where: { $0.allSatisfy { $0 < 0x30 || $0 > 0x39 } })
    for token in joined ? [ArraySlice(tokens.joined())] : tokens {
      // A token holds one or more number-unit pairs: "1h", "1小时13分钟".
      var rest = token
      repeat {
        let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
        // Nine digits of hours are already 100,000 years: more can only overflow.
        guard !digits.isEmpty, digits.count <= 9, let value = ASCIIDigits.value(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        let unit = rest.prefix { $0 < 0x30 || $0 > 0x39 }
        rest = rest.dropFirst(unit.count)
        guard let seconds = durationUnits[String(decoding: unit, as: UTF8.self)] else { return nil }
        total += value * seconds
      } while !rest.isEmpty
    }
    return total
  }

  /// Seconds per duration unit, as Strong writes them in its languages.
  private static let durationUnits: [String: Int] = [
    "h": 3600, "m": 60, "min": 60, "s": 1,
    "小时": 3600, "分钟": 60, "秒": 1,
  ]

  /// `YYYY-MM-DD`.
  private static func date(_ bytes: ArraySlice<UInt8>) -> LocalDate? {
    let start = bytes.startIndex
    guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
      let year = ASCIIDigits.value(bytes[start..<start + 4]),
      let month = ASCIIDigits.value(bytes[start + 5..<start + 7]),
      let day = ASCIIDigits.value(bytes[start + 8..<start + 10])
    else { return nil }
    return LocalDate(year: year, month: month, day: day)
  }

  /// `H:MM`, `HH:MM` or `HH:MM:SS` → seconds of day.
  private static func clock(_ bytes: ArraySlice<UInt8>) -> Int? {
    let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count),
      parts.dropFirst().allSatisfy({ $0.count == 2 }), let hour = ASCIIDigits.value(parts[0]),
      let minute = ASCIIDigits.value(parts[1]), hour < 24, minute < 60
    else { return nil }
    let second = parts.count == 3 ? ASCIIDigits.value(parts[2]) ?? 99 : 0
    guard second < 60 else { return nil }
    return hour * 3600 + minute * 60 + second
  }

  /// The text's UTF-8 bytes, with the no-break spaces of 12-hour times made plain spaces.
  private static func normalisedBytes(_ text: String) -> [UInt8] {
    var bytes = Array(text.utf8)
    // U+202F (E2 80 AF) and U+00A0 (C2 A0) become spaces, padded to keep the length.
    for index in bytes.indices where bytes[index] == 0xE2 || bytes[index] == 0xC2 {
      if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xAF {
        bytes.replaceSubrange(index...index + 2, with: [0x20, 0x20, 0x20])
      } else if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
        bytes.replaceSubrange(index...index + 1, with: [0x20, 0x20])
      }
    }
    return bytes
  }

  /// The words of `bytes`, split at spaces and tabs.
  private static func words(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    bytes.split { $0 == 0x20 || $0 == 0x09 }
  }
}
