import SpotterCore
import SpotterICal
import SpotterIO

/// Maps errors to sysexits(3) codes and one-line messages, so scripts can tell failures apart.
public enum ExitStatus {
  public static let usage: Int32 = 64
  public static let data: Int32 = 65
  /// A notifier failed; the reminder stays due for the next catch-up.
  public static let unavailable: Int32 = 69
  public static let software: Int32 = 70
  public static let ioError: Int32 = 74
  public static let config: Int32 = 78

  public static func code(for error: any Error) -> Int32 {
    switch error {
    case let error as SpotterIOError: error.exitCode
    case let error as SpotterICalError: error.exitCode
    case let error as SpotterAppError: error.exitCode
    default: software
    }
  }

  public static func message(for error: any Error) -> String {
    ErrorText.sanitized("\(error)")
  }
}
