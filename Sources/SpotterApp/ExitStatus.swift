import SpotterCore
import SpotterICal
import SpotterIO

/// Maps errors to sysexits(3) codes and one-line messages, so scripts can tell failures apart.
public enum ExitStatus {
  /// The code of `error`: each module's error enum names its own ``SpotterExitCode``.
  public static func code(for error: any Error) -> Int32 {
    exitCode(for: error).rawValue
  }

  public static func exitCode(for error: any Error) -> SpotterExitCode {
    switch error {
    case let error as SpotterIOError: error.exitCode
    case let error as SpotterICalError: error.exitCode
    case let error as SpotterAppError: error.exitCode
    default: .software
    }
  }

  public static func message(for error: any Error) -> String {
    ErrorText.sanitized("\(error)")
  }

  /// The message of `error` in `words`' language: each module's errors say their frames in
  /// English and German; what a system or a library said is quoted as it said it.
  public static func message(for error: any Error, _ words: ConsoleWords) -> String {
    switch error {
    case let error as SpotterAppError: ErrorText.sanitized(error.message(words))
    case let error as SpotterIOError: ErrorText.sanitized(error.message(words.language))
    case let error as SpotterICalError: ErrorText.sanitized(error.message(words.language))
    default: message(for: error)
    }
  }
}
