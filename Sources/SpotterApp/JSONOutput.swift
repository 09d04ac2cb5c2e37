import Foundation

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
  public static func encode<T: Encodable>(_ value: T, timeZone: TimeZone) -> String {
    encoded(Versioned(value: value), timeZone: timeZone)
  }

  /// A list under `key` in a versioned object.
  public static func encode<T: Encodable>(_ items: [T], as key: String, timeZone: TimeZone) -> String {
    encoded(Listed(key: key, items: items), timeZone: timeZone)
  }

  private static func encoded<T: Encodable>(_ value: T, timeZone: TimeZone) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxxxx"
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(formatter.string(from: date))
    }
    encoder.keyEncodingStrategy = .convertToSnakeCase
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
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
