/// The language of reminder texts.
public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
  case en
  case de

  /// Picks `de` for a `LANG` such as `de_DE.UTF-8`, and `en` otherwise.
  public init(localeIdentifier: String?) {
    self = (localeIdentifier ?? "").lowercased().hasPrefix("de") ? .de : .en
  }
}
