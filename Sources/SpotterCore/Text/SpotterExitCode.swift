/// Every exit code Spotter gives (sysexits(3)), with what it means: the one list the errors, the
/// help, the man page and the README are made from.
public enum SpotterExitCode: Int32, Sendable, CaseIterable {
  case success = 0
  /// A command line that cannot be carried out: an unknown id, a flag that does not apply.
  case usage = 64
  /// Bad data: a history file, an overlapping focus block, an answer from Hevy that cannot be read.
  case dataError = 65
  /// `spotter batch` has no manifest to read.
  case noInput = 66
  /// A notifier failed, or Hevy could not be reached.
  case unavailable = 69
  /// An internal error: a bug in Spotter.
  case software = 70
  /// I/O: a file, the store or the crontab.
  case ioError = 74
  /// Try again: another spotter process holds the store, or Hevy's rate limit.
  case temporaryFailure = 75
  /// Hevy refused the API key.
  case noPermission = 77
  /// A bad config.
  case config = 78

  /// The meaning as the help lists it.
  public var meaning: String {
    switch self {
    case .success: "success"
    case .usage: "usage"
    case .dataError: "bad data (history files, overlapping blocks, a malformed answer from Hevy)"
    case .noInput: "the batch manifest cannot be read"
    case .unavailable: "a notifier failed or Hevy could not be reached"
    case .software: "an internal error"
    case .ioError: "I/O (a file, the store or the crontab)"
    case .temporaryFailure: "another spotter process holds the store or Hevy's rate limit"
    case .noPermission: "Hevy refused the API key"
    case .config: "bad config"
    }
  }

  /// "Exit codes: 0 success, 64 usage, …": the sentence `spotter --help` ends with.
  public static var summary: String {
    "Exit codes: " + allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ") + "."
  }
}
