/// Errors of the application layer: command-line values that only make sense once the config is
/// known.
public enum SpotterAppError: Error, Equatable, Sendable {
  /// `--now` or `--from` is not a valid date or instant.
  case invalidOption(option: String, value: String, reason: String)
}

extension SpotterAppError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidOption(let option, let value, let reason):
      return "option '\(option)': \(reason) '\(value)'"
    }
  }
}
