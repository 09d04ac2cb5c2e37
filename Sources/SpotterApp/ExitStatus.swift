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
}
