/// A reason an App-layer error gives, in English and, where it has one, German side by side, so
/// that the message is said in the configured language; a reason with no German is said in
/// English in both.
public struct Phrase: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
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

  /// The text in `words`' language.
  func text(_ words: ConsoleWords) -> String {
    words.language == .de ? german ?? english : english
  }
}
