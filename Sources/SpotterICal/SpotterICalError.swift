import SpotterCore

/// What can go wrong building, checking or reading iCalendar text.
public enum SpotterICalError: Error, Equatable, Sendable {
  /// libical has no built-in definition for the zone.
  case unknownTimeZone(field: String, value: String)
  /// The built calendar failed libical's RFC 5545 restriction checks.
  case invalidCalendar(reasons: [String])
  /// libical could not parse the text.
  case unparsable(file: String, line: Int, reason: String)
  /// libical failed to allocate or serialise.
  case libical(function: String)
}

extension SpotterICalError: CustomStringConvertible {
  public var description: String { message(.en) }

  /// The message in `language`; libical's own words and the RFC's names stay as they are.
  public func message(_ language: Language) -> String {
    let de = language == .de
    switch self {
    case .unknownTimeZone(let field, let value):
      return "\(field): "
        + (de
          ? "libical kennt keine Zeitzone \(ErrorText.quoted(value))"
          : "libical knows no time zone \(ErrorText.quoted(value))")
    case .invalidCalendar(let reasons):
      return (de ? "der erzeugte Kalender verletzt RFC 5545: " : "generated calendar fails RFC 5545 checks: ")
        + reasons.map { "'\($0)'" }.joined(separator: ", ")
    case .unparsable(let file, let line, let reason):
      // Ours in German; libical's own words as it said them.
      let german = [
        "not an iCalendar object": "kein iCalendar-Objekt",
        "no VCALENDAR in the file": "kein VCALENDAR in der Datei",
      ]
      return "\(file):\(line): \(de ? german[reason] ?? reason : reason)"
    case .libical(let function):
      return de ? "libical-Aufruf '\(function)' fehlgeschlagen" : "libical call '\(function)' failed"
    }
  }

  /// sysexits(3): data errors 65, internal failures 70.
  public var exitCode: SpotterExitCode {
    switch self {
    case .unknownTimeZone: .config
    case .unparsable: .dataError
    case .invalidCalendar, .libical: .software
    }
  }
}
