/// A sentence an error gives as its reason, in English and, where it has one, German side by
/// side, so that the message is said in the configured language; a reason with no German (a
/// system's error text, a library's) is said in English in both.
///
/// A phrase is its English: two phrases are equal when their English is, so that an error is
/// compared by what it says, not by whether its translation is filled in.
public struct Phrase: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
  public let english: String
  public let german: String?

  public init(_ english: String, de german: String? = nil) {
    self.english = english
    self.german = german
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(String(stringInterpolation: stringInterpolation))
  }

  /// The English text.
  public var description: String { english }

  /// The text in `language`.
  public func text(_ language: Language) -> String {
    language == .de ? german ?? english : english
  }

  /// Both texts with `transform` applied (an error's redaction).
  public func map(_ transform: (String) -> String) -> Phrase {
    Phrase(transform(english), de: german.map(transform))
  }

  /// This phrase with `suffix` after both texts.
  public func appending(_ english: String, de german: String? = nil) -> Phrase {
    Phrase(self.english + english, de: self.german.map { $0 + (german ?? english) })
  }

  public static func == (lhs: Phrase, rhs: Phrase) -> Bool { lhs.english == rhs.english }
  public func hash(into hasher: inout Hasher) { hasher.combine(english) }
}
