import SpotterCore

/// Errors of the application layer: command-line values that only make sense once the config is
/// known.
public enum SpotterAppError: Error, Equatable, Sendable {
  /// `--now` or `--from` is not a valid date or instant.
  case invalidOption(option: String, value: String, reason: Phrase)
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
  case reminderState(uid: String, reason: Phrase)
  /// `init` was given values for a config that exists, without `--force`.
  case configExists(path: String, flags: [String])
  /// The nightly time is unsafe for cron in the agenda's zone.
  case nightlyTime(value: String, reason: Phrase)
  /// No session has (or starts with) this id, or several do.
  case unknownSession(id: String, candidates: [String])
  /// The session cannot take this change, e.g. ending a completed one.
  case sessionState(id: String, reason: Phrase)
  /// `spotter batch` has no manifest to read: the shard cannot run (66, not worth a retry).
  case batchInput(path: String, reason: String)
  /// Another batch is appending to this `--summary`: the same shard is running already (75, a
  /// retry once it ends can help).
  case shardRunning(summary: String)
}

extension SpotterAppError: CustomStringConvertible {
  public var description: String { message(ConsoleWords(.en)) }

  /// The message in `words`' language: each frame in English and German side by side; a reason
  /// that has no German (``Phrase``) is said in English.
  public func message(_ words: ConsoleWords) -> String {
    switch self {
    case .invalidOption(let option, let value, let reason):
      // A positional argument (`<start>`) or a config table (`[hevy]`) is no option; a message
      // with no value to show ends with its reason.
      let name =
        option.hasPrefix("<")
        ? words.pick("argument \(option)", "Argument \(option)")
        : option.hasPrefix("[")
          ? words.pick("config \(option)", "Konfiguration \(option)")
          : words.pick("option '\(option)'", "Option '\(option)'")
      let reason = reason.text(words.language)
      if value.isEmpty {
        return
          "\(name): \(reason.hasSuffix(";") || reason.hasSuffix(":") ? String(reason.dropLast()) : reason)"
      }
      return "\(name): \(reason) \(ErrorText.quoted(value))"
    case .unknownFocusBlock(let id):
      return words.pick(
        "focus block: no block with id \(ErrorText.quoted(id)) (see `spotter focus list`)",
        "Fokusblock: kein Block mit der ID \(ErrorText.quoted(id)) (siehe `spotter focus list`)")
    case .focusOverlap(let id, let title, let start):
      return words.pick(
        "focus block: overlaps block '\(id)' (\(ErrorText.quoted(title)) at \(start)); use --force to keep both",
        "Fokusblock: überschneidet sich mit Block '\(id)' (\(ErrorText.quoted(title)) um \(start)); "
          + "mit --force bleiben beide")
    case .shortPrefix(let what, let id, let minimum):
      let thing = what == "reminder" ? words.pick(what, "Erinnerung") : words.pick(what, "Fokusblock")
      return words.pick(
        "\(what): \(ErrorText.quoted(id)) is too short to name one; give at least \(minimum) characters of it",
        "\(thing): \(ErrorText.quoted(id)) ist zu kurz, um genau eine zu nennen; gib mindestens \(minimum) Zeichen an"
      )
    case .ambiguousReminder(let id, let candidates):
      let list = candidates.prefix(5).joined(separator: ", ") + (candidates.count > 5 ? ", …" : "")
      return words.pick(
        "reminder: \(ErrorText.quoted(id)) starts \(candidates.count) UIDs: \(list); give more of it",
        "Erinnerung: \(ErrorText.quoted(id)) ist der Anfang von \(candidates.count) UIDs: \(list); gib mehr davon an"
      )
    case .unknownReminder(let uid):
      return words.pick(
        "reminder: no reminder with uid \(ErrorText.quoted(uid)) (see `spotter plan` or agenda.crontab)",
        "Erinnerung: keine Erinnerung mit der UID \(ErrorText.quoted(uid)) (siehe `spotter plan` oder agenda.crontab)"
      )
    case .reminderState(let uid, let reason):
      return words.pick("reminder", "Erinnerung")
        + " \(ErrorText.quoted(uid)): \(reason.text(words.language))"
    case .nightlyTime(let value, let reason):
      return words.pick("config key", "Konfigurationsschlüssel")
        + " 'agenda.nightly': \(reason.text(words.language)) \(ErrorText.quoted(value))"
    case .unknownSession(let id, let candidates) where candidates.isEmpty:
      return words.pick(
        "session: no session with id \(ErrorText.quoted(id)) (see `spotter session list --all`)",
        "Einheit: keine Einheit mit der ID \(ErrorText.quoted(id)) (siehe `spotter session list --all`)")
    case .unknownSession(let id, let candidates):
      let list = candidates.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
      return words.pick(
        "session: id \(ErrorText.quoted(id)) matches \(candidates.count) sessions (\(list)); give more of it",
        "Einheit: die ID \(ErrorText.quoted(id)) passt zu \(candidates.count) Einheiten (\(list)); gib mehr davon an"
      )
    case .sessionState(let id, let reason):
      return words.pick("session", "Einheit") + " \(ErrorText.quoted(id)): \(reason.text(words.language))"
    case .batchInput(let path, let reason):
      return "\(path): \(reason)"
    case .shardRunning(let summary):
      return words.pick(
        "--summary '\(summary)': another batch of this shard is running and appending to it; "
          + "run the shard again once that one has ended",
        "--summary '\(summary)': ein anderer Batch dieses Shards läuft und schreibt hinein; "
          + "starte den Shard noch einmal, wenn er fertig ist")
    case .configExists(let path, let flags):
      let named = flags.joined(separator: ", ")
      return words.pick(
        "a config exists at \(path), so \(named) cannot be applied; "
          + "add --force to replace it (the old one is kept as config.toml.bak), or edit it",
        "unter \(path) gibt es schon eine Konfiguration, daher wird \(named) nicht übernommen; "
          + "--force ersetzt sie (die alte bleibt als config.toml.bak), oder bearbeite sie")
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
    case .shardRunning: .temporaryFailure
    }
  }
}
