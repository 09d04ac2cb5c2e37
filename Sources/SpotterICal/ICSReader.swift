/// Reads calendar text back through libical, for checks and for importing calendars.
public struct ICSReader: Sendable {
  public init() {}

  /// Parses `text`; `fileName` is quoted in errors.
  public func read(_ text: String, fileName: String) throws -> ParsedCalendar {
    try Libical.parse(text, fileName: fileName)
  }
}
