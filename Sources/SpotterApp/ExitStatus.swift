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

  /// The message of `error` in `words`' language, where it has one: the App layer's errors (what
  /// a command was asked to do) are said in German too; a file's or the store's damage is said
  /// in English, quoting the file's own column names.
  public static func message(for error: any Error, _ words: ConsoleWords) -> String {
    guard let error = error as? SpotterAppError else { return message(for: error) }
    return ErrorText.sanitized(error.message(words))
  }
}
