/// A value stored in JSON as its text form, e.g. `"2026-11-23"` or `"18:00"`.
///
/// Config and JSON output read far better with `"18:00"` than with `{"minuteOfDay": 1080}`.
public protocol TextCodable: Codable, CustomStringConvertible {
  init?(parsing text: String)
  /// What the text should look like, for the error message.
  static var textForm: String { get }
}

extension TextCodable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let value = Self(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "expected \(Self.textForm), got '\(text)'"))
    }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
