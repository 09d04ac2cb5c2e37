import SpotterCore

/// Errors of the application layer: command-line values that only make sense once the config is
/// known.
public enum SpotterAppError: Error, Equatable, Sendable {
  /// `--now` or `--from` is not a valid date or instant.
  case invalidOption(option: String, value: String, reason: String)
  /// No focus block has (or starts with) this id.
  case unknownFocusBlock(id: String)
  /// A focus block would overlap another one; `--force` allows it.
  case focusOverlap(id: String, title: String, start: String)
  /// No stored reminder has this UID.
  case unknownReminder(uid: String)
  /// An id prefix too short to be looked up (`what`: "reminder" or "focus block").
  case shortPrefix(what: String, id: String, minimum: Int)
  /// An id that starts several reminders' UIDs.
  case ambiguousReminder(id: String, candidates: [String])
  /// The reminder cannot take this action, e.g. snoozing a cancelled one.
  case reminderState(uid: String, reason: String)
  /// `init` was given values for a config that exists, without `--force`.
  case configExists(path: String, flags: [String])
  /// The nightly time is unsafe for cron in the agenda's zone.
  case nightlyTime(value: String, reason: String)
  /// No session has (or starts with) this id, or several do.
  case unknownSession(id: String, candidates: [String])
  /// The session cannot take this change, e.g. ending a completed one.
  case sessionState(id: String, reason: String)
  /// `spotter batch` has no manifest to read: the shard cannot run (66, not worth a retry).
  case batchInput(path: String, reason: String)
}

extension SpotterAppError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidOption(let option, let value, let reason):
      // A positional argument (`<start>`) or a config table (`[hevy]`) is no option; a message
      // with no value to show ends with its reason.
      let name =
        option.hasPrefix("<")
        ? "argument \(option)" : option.hasPrefix("[") ? "config \(option)" : "option '\(option)'"
      if value.isEmpty {
        return
          "\(name): \(reason.hasSuffix(";") || reason.hasSuffix(":") ? String(reason.dropLast()) : reason)"
      }
      return "\(name): \(reason) \(ErrorText.quoted(value))"
    case .unknownFocusBlock(let id):
      return "focus block: no block with id \(ErrorText.quoted(id)) (see `spotter focus list`)"
    case .focusOverlap(let id, let title, let start):
      return
        "focus block: overlaps block '\(id)' (\(ErrorText.quoted(title)) at \(start)); use --force to keep both"
    case .shortPrefix(let what, let id, let minimum):
      return
        "\(what): \(ErrorText.quoted(id)) is too short to name one; give at least \(minimum) characters of it"
    case .ambiguousReminder(let id, let candidates):
      return "reminder: \(ErrorText.quoted(id)) starts \(candidates.count) UIDs: "
        + candidates.prefix(5).joined(separator: ", ") + (candidates.count > 5 ? ", …" : "")
        + "; give more of it"
    case .unknownReminder(let uid):
      return "reminder: no reminder with uid \(ErrorText.quoted(uid)) (see `spotter plan` or agenda.crontab)"
    case .reminderState(let uid, let reason):
      return "reminder \(ErrorText.quoted(uid)): \(reason)"
    case .nightlyTime(let value, let reason):
      return "config key 'agenda.nightly': \(reason) \(ErrorText.quoted(value))"
    case .unknownSession(let id, let candidates) where candidates.isEmpty:
      return "session: no session with id \(ErrorText.quoted(id)) (see `spotter session list --all`)"
    case .unknownSession(let id, let candidates):
      return "session: id \(ErrorText.quoted(id)) matches \(candidates.count) sessions ("
        + candidates.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + "); give more of it"
    case .sessionState(let id, let reason):
      return "session \(ErrorText.quoted(id)): \(reason)"
    case .batchInput(let path, let reason):
      return "\(path): \(reason)"
    case .configExists(let path, let flags):
      return "a config exists at \(path), so \(flags.joined(separator: ", ")) cannot be applied; "
        + "add --force to replace it (the old one is kept as config.toml.bak), or edit it"
    }
  }

  /// sysexits(3): a bad option or id is a usage error (64), an overlap a data error (65).
  public var exitCode: SpotterExitCode {
    switch self {
    case .invalidOption, .unknownFocusBlock, .unknownReminder, .ambiguousReminder, .reminderState,
      .unknownSession, .sessionState, .shortPrefix, .configExists:
      .usage
    case .focusOverlap: .dataError
    case .nightlyTime: .config
    case .batchInput: .noInput
    }
  }
}
