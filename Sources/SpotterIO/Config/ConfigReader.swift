import Foundation
import SpotterCore
import TOMLKit

/// Typed reads from a parsed TOML table that turn every mismatch into an error naming the line.
///
/// TOMLKit does not expose where a value sits, so the line is found again in the text: the first
/// `key =` line inside the right `[table]` section.
struct ConfigReader {
  /// The config's text, split into lines only when an error must name one: every night reads a
  /// config, and splitting it cost more than reading it.
  let text: String
  let fileName: String
  /// The `[section]` the next lookups are in; nil for the top level.
  var table: String?
  /// Whether a zone can be written by every writer; see ``ConfigLoader/isWritable``.
  var isWritable: (TimeZone) -> Bool = { _ in true }
  /// Whether a leading `~/` has a home to stand for; see ``ConfigLoader/hasHome``.
  var hasHome = true
  /// Whether a relative path has a working folder of its own; see
  /// ``ConfigLoader/hasWorkingFolder``.
  var hasWorkingFolder = true

  init(text: String, fileName: String) {
    self.text = text
    self.fileName = fileName
  }

  func line(of key: String) -> Int {
    let lines = text.splitLines()
    let leaf = key.split(separator: ".").last.map(String.init) ?? key
    var section: String?
    var sectionLine: Int?
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        section = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        if section == table { sectionLine = index + 1 }
        // The key written as a table of its own: `[reminders.lead_minutes]`.
        if let table, let section, section == "\(table).\(leaf)" || section.hasPrefix("\(table).\(leaf).") {
          return index + 1
        }
        continue
      }
      guard section == table else { continue }
      let name = line.prefix { $0 != "=" }.trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      // `lead_minutes = 5`, or a dotted key that makes it a table: `lead_minutes.x = 1`.
      if line.contains("=") && (name == leaf || name.hasPrefix(leaf + ".")) { return index + 1 }
      // Inline table: `quiet_hours = { start = "22:00" }` holds its keys on its own line.
      if let table, line.hasPrefix(table) && line.contains("{") && line.contains(leaf) {
        return index + 1
      }
    }
    if let table,
      let tableLine = lines.firstIndex(where: {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix(table)
      })
    {
      return sectionLine ?? tableLine + 1
    }
    // A key that is a table of its own: `[colour]`, `[[colour]]`, `[colour.x]`.
    let header = (table.map { $0 + "." } ?? "") + leaf
    if sectionLine == nil,
      let headerLine = lines.firstIndex(where: {
        let line = $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
          in: CharacterSet(charactersIn: "["))
        return line.hasPrefix(header + "]") || line.hasPrefix(header + ".")
      })
    {
      return headerLine + 1
    }
    return sectionLine ?? 1
  }

  /// Refuses `path` under `key` where it cannot be read as written
  /// (``ConfigLoader/pathProblem(_:hasHome:hasWorkingFolder:)``).
  func checkPath(_ key: String, _ path: String) throws {
    if let problem = ConfigLoader.pathProblem(path, hasHome: hasHome, hasWorkingFolder: hasWorkingFolder) {
      throw error(key, path, problem)
    }
  }

  func error(_ key: String, _ value: String, _ reason: Phrase) -> SpotterIOError {
    .invalidConfig(file: fileName, line: line(of: key), key: key, value: value, reason: reason)
  }

  private func qualified(_ key: String) -> String { table.map { "\($0).\(key)" } ?? key }

  mutating func keys(of toml: TOMLTable, table: String?, allowed: Set<String>) throws {
    self.table = table
    for key in toml.keys.sorted() where !allowed.contains(key) {
      throw error(qualified(key), key, Phrase("unknown key", de: "unbekannter Schlüssel"))
    }
  }

  private func value(_ toml: TOMLTable, _ key: String, as type: TOMLType) throws -> TOMLValueConvertible? {
    guard let value = toml[key] else { return nil }
    guard value.type == type else {
      let names: [TOMLType: String] = [.bool: "boolean", .int: "whole number", .double: "number"]
      throw error(qualified(key), "\(value)", "expected a \(names[type] ?? type.description), got")
    }
    return value
  }

  /// The longest string a config value may hold: names and commands are short, and a 10 MB one
  /// would cost every command its time.
  static let longestString = 2000

  func string(_ toml: TOMLTable, _ key: String) throws -> String? {
    guard let text = try value(toml, key, as: .string)?.string else { return nil }
    try bounded(text, key)
    return text
  }

  private func bounded(_ text: String, _ key: String) throws {
    guard text.utf8.count <= Self.longestString else {
      throw error(
        qualified(key), text,
        Phrase(
          "longer than \(Self.longestString) bytes, got", de: "länger als \(Self.longestString) Bytes, nicht")
      )
    }
  }

  func bool(_ toml: TOMLTable, _ key: String) throws -> Bool? {
    try value(toml, key, as: .bool)?.bool
  }

  func int(_ toml: TOMLTable, _ key: String) throws -> Int? {
    try value(toml, key, as: .int)?.int
  }

  /// A string read by `parse` (an enum's spellings), or an error "expected EXPECTED, got VALUE".
  func value<T>(_ toml: TOMLTable, _ key: String, expected: String, _ parse: (String) -> T?) throws -> T? {
    guard let text = try string(toml, key) else { return nil }
    guard let value = parse(text) else {
      throw error(
        qualified(key), text, Phrase("expected \(expected), got", de: "erwartet \(expected), nicht"))
    }
    return value
  }

  /// A time zone by its IANA name (or an alias Foundation knows), or an error with a suggestion.
  func timeZone(_ toml: TOMLTable, _ key: String) throws -> TimeZone? {
    guard let name = try string(toml, key) else { return nil }
    guard let zone = TimeZone.named(name), isWritable(zone) else {
      throw error(qualified(key), name, TimeZone.suggestion(for: name))
    }
    return zone
  }

  /// A whole number within `range`, or an error "expected LOW to HIGH UNIT, got VALUE".
  func int(_ toml: TOMLTable, _ key: String, in range: ClosedRange<Int>, unit: String) throws -> Int? {
    guard let value = try int(toml, key) else { return nil }
    guard range.contains(value) else {
      throw error(
        qualified(key), "\(value)",
        Phrase(
          "expected \(range.lowerBound) to \(range.upperBound) \(unit), got",
          de: "erwartet \(range.lowerBound) bis \(range.upperBound) \(unit), nicht"))
    }
    return value
  }

  /// A number within `range`, or an error "expected EXPECTED, got VALUE".
  func double(_ toml: TOMLTable, _ key: String, in range: ClosedRange<Double>, expected: String) throws
    -> Double?
  {
    guard let value = try double(toml, key) else { return nil }
    guard range.contains(value) else {
      throw error(
        qualified(key), "\(value)", Phrase("expected \(expected), got", de: "erwartet \(expected), nicht"))
    }
    return value
  }

  func double(_ toml: TOMLTable, _ key: String) throws -> Double? {
    guard let value = toml[key] else { return nil }
    if value.type == .int { return value.int.map(Double.init) }
    return try self.value(toml, key, as: .double)?.double
  }

  mutating func table(_ toml: TOMLTable, _ key: String) throws -> TOMLTable? {
    self.table = nil
    return try value(toml, key, as: .table)?.table
  }

  func time(_ toml: TOMLTable, _ key: String) throws -> LocalTime? {
    guard let text = try string(toml, key) else { return nil }
    guard let time = LocalTime(parsing: text) else {
      throw error(
        qualified(key), text,
        Phrase("expected a time as HH:MM, got", de: "erwartet eine Uhrzeit als HH:MM, nicht"))
    }
    return time
  }

  func strings(_ toml: TOMLTable, _ key: String) throws -> [String]? {
    guard let array = try value(toml, key, as: .array)?.array else { return nil }
    return try array.map { element in
      guard let text = element.string else {
        throw error(
          qualified(key), "\(element)", Phrase("expected a string, got", de: "erwartet einen Text, nicht"))
      }
      try bounded(text, key)
      return text
    }
  }

  func weekdays(_ toml: TOMLTable, _ key: String) throws -> Set<Weekday>? {
    guard let array = try value(toml, key, as: .array)?.array else { return nil }
    var days: Set<Weekday> = []
    for element in array {
      guard let text = element.string, let day = Weekday(key: text) else {
        throw error(qualified(key), "\(element)", Phrase("unknown weekday", de: "unbekannter Wochentag"))
      }
      days.insert(day)
    }
    return days
  }
}
