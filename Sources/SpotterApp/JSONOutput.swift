import Foundation
import SpotterCore

/// Encodes command results as stable, pretty JSON: sorted keys, so equal inputs give equal bytes.
///
/// Every command's `--json` output is one object with `"version": 1` (bumped when a shape changes
/// incompatibly); a command whose result is a list puts it under a named key. Instants are local
/// times with their UTC offset in the configured zone (`2026-11-23T18:00:00+01:00`), so a script
/// sees the wall clock and the instant at once.
public enum JSONOutput {
  /// The version of every `--json` shape.
  public static let version = 1

  /// `value` as a versioned object; `timeZone` writes its instants.
  public static func encode<T: Encodable>(_ value: T, timeZone: TimeZone) throws -> String {
    try encoded(Versioned(value: value), timeZone: timeZone)
  }

  /// A failure as `--json` reports it: `{"code": 65, "message": "…", "version": 1}`, so that a
  /// script reading standard output gets an object whether the command worked or not.
  public static func error(code: Int32, message: String) -> String {
    struct Report: Encodable {
      var version: Int
      var code: Int32
      var message: String
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(Report(version: version, code: code, message: message))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// A list under `key` in a versioned object.
  public static func encode<T: Encodable>(_ items: [T], as key: String, timeZone: TimeZone) throws -> String {
    try encoded(Listed(key: key, items: items), timeZone: timeZone)
  }

  private static func encoded<T: Encodable>(_ value: T, timeZone: TimeZone) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // The one formatter of instants with their offset, as every text output writes them.
    let clock = ZoneClock(timeZone: timeZone)
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(InstantText.local(date, clock: clock))
    }
    encoder.keyEncodingStrategy = .convertToSnakeCase
    // A value that cannot be encoded is a bug to report (exit 70), never an empty object.
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The value's own keys, and the version beside them.
  private struct Versioned<T: Encodable>: Encodable {
    var value: T
    func encode(to encoder: any Encoder) throws {
      try value.encode(to: encoder)
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(JSONOutput.version, forKey: Key("version"))
    }
  }

  private struct Listed<T: Encodable>: Encodable {
    var key: String
    var items: [T]
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(JSONOutput.version, forKey: Key("version"))
      try container.encode(items, forKey: Key(key))
    }
  }
}
