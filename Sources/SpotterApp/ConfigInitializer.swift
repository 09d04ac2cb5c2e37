import Foundation
import SpotterCore
import SpotterIO

/// Writes a first `config.toml` (`spotter init`): the system's zone, the language of the moment,
/// the weight unit, where the exports are and how to notify, so that a nightly run under cron
/// reads everything the way the user's shell did.
public struct ConfigInitializer: Sendable {
  /// What the config will hold.
  public struct Answers: Sendable, Hashable {
    public var timeZone: String
    public var language: Language
    public var weightUnit: WeightUnit
    public var sources: [String]
    public var notifier: String
    /// A file holding a Hevy API key, for the live sync: `[hevy] api_key_file`.
    public var hevyKeyFile: String?

    public init(
      timeZone: String, language: Language, weightUnit: WeightUnit, sources: [String], notifier: String
    ) {
      self.timeZone = timeZone
      self.language = language
      self.weightUnit = weightUnit
      self.sources = sources
      self.notifier = notifier
    }
  }

  /// What `init` did.
  public struct Outcome: Sendable {
    public var path: String
    public var text: String
    /// False when a config was there and nothing was written.
    public var written: Bool
    /// Where the old file went, when `--force` replaced one.
    public var backup: String?
    /// Things to fix: a notifier that is not installed, a source that holds no export yet.
    public var warnings: [String]
  }

  public let options: SpotterOptions
  public let paths: SpotterPaths

  public init(options: SpotterOptions) {
    self.options = options
    paths = SpotterPaths(environment: options.environment)
  }

  /// The config file `init` writes.
  public var path: String { options.configPath ?? paths.config }

  /// The values offered: an existing config's, else the system's zone (never `TZ`), `LANG`'s
  /// language, kilograms, no sources and `notify-send`; `--timezone` and `--weight-unit` beat both.
  public var detected: Answers {
    var answers = Answers(
      timeZone: SystemTimeZone.read(localtime: options.environment["SPOTTER_LOCALTIME"] ?? "/etc/localtime")?
        .identifier ?? "UTC",
      language: Workspace.language(in: options.environment) ?? .en, weightUnit: .kilograms, sources: [],
      notifier: NotifySettings.defaultCommands[0])
    // Re-running keeps what the config says: only what is asked for changes.
    if let (settings, keys) = try? ConfigLoader(
      fallbackTimeZone: TimeZone.named("UTC")!, fallbackLanguage: .en
    ).loadNamingKeys(path: path, required: true) {
      if keys.contains("timezone") { answers.timeZone = settings.timeZone.name }
      if keys.contains("language") { answers.language = settings.language }
      if keys.contains("weight_unit") { answers.weightUnit = settings.weightUnit }
      answers.sources = settings.importSources
      answers.notifier = settings.notify.commands.first ?? answers.notifier
      answers.hevyKeyFile = settings.hevy?.apiKeyFile
    }
    if let zone = options.timeZone { answers.timeZone = zone }
    if let unit = options.weightUnit { answers.weightUnit = unit }
    return answers
  }

  /// Writes the config for `answers`, unless one exists and `force` is false; with `force` the
  /// old one is kept beside it as `config.toml.bak`.
  public func write(_ answers: Answers, force: Bool) throws -> Outcome {
    let text = Self.toml(answers, date: options.now.map { String($0.prefix(10)) })
    // What is written must load: the loader is the judge of every value. Its refusal names the
    // option the value came from, since the file it would name is not written.
    do {
      _ = try ConfigLoader(fallbackTimeZone: TimeZone.named("UTC")!, fallbackLanguage: .en).parse(
        text, fileName: path)
    } catch SpotterIOError.invalidConfig(_, _, let key, let value, let reason) {
      let options = [
        "timezone": "--timezone", "language": "--language", "weight_unit": "--weight-unit",
        "import.sources": "--source", "notify.commands": "--notifier", "hevy.api_key_file": "--hevy-key-file",
      ]
      throw SpotterAppError.invalidOption(
        option: options[key] ?? key, value: value, reason: reason)
    }
    var warnings = Self.notifierWarnings(
      answers.notifier, environment: options.environment, words: ConsoleWords(answers.language))
    let sources = HistorySources(home: options.environment["HOME"])
    for source in answers.sources {
      if let problem = sources.problem(with: source, language: answers.language) { warnings.append(problem) }
    }
    if let file = answers.hevyKeyFile {
      // Read now, as a sync will, so that a key file that cannot work is said at once.
      let expanded = file.hasPrefix("~/") ? (options.environment["HOME"] ?? "~") + file.dropFirst() : file
      do {
        if try SecretFile.read(path: expanded).shared {
          warnings.append(SyncService.sharedKeyFile(expanded, ConsoleWords(answers.language)))
        }
      } catch {
        let words = ConsoleWords(answers.language)
        warnings.append(
          words.pick(
            "the Hevy key file: \(ExitStatus.message(for: error, words)); spotter sync fails until it can be read",
            "die Datei mit dem Hevy-Schlüssel: \(ExitStatus.message(for: error, words)); spotter sync scheitert, "
              + "bis sie lesbar ist"))
      }
    }
    let exists = FileManager.default.fileExists(atPath: path)
    if exists && !force {
      let current = (try? Self.currentText(at: path)) ?? ""
      return Outcome(path: path, text: current, written: false, backup: nil, warnings: [])
    }
    var backup: String?
    if exists {
      try Self.keepBackup(of: path)
      backup = path + ".bak"
    }
    try AtomicFileWriter.write(text, to: path)
    return Outcome(path: path, text: text, written: true, backup: backup, warnings: warnings)
  }

  /// The language `LANG` asks for when the notifications are not written in it (`fr_FR.UTF-8` →
  /// "French"), so that `init` and the first run can say English is used instead.
  public static func unavailableLanguage(in environment: [String: String]) -> String? {
    guard let identifier = environment["LC_ALL"].flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["LANG"],
      !identifier.isEmpty
    else { return nil }
    let code = String(identifier.prefix { $0.isLetter }).lowercased()
    guard code.count >= 2, !["c", "posix"].contains(code), Language(rawValue: code) == nil else { return nil }
    return Locale(identifier: "en").localizedString(forLanguageCode: code) ?? code
  }

  /// The config file's text, read as a config is: one of more than
  /// ``ConfigLoader/largestFile`` bytes (a sparse file of gigabytes) is refused unread, and
  /// bytes that are not UTF-8 are an error naming their line, never repaired into a backup.
  static func currentText(at path: String) throws -> String {
    try UTF8File.read(path: path, atMost: ConfigLoader.largestFile, kind: Phrase("a config"))
  }

  /// Keeps the config at `path` as `path.bak`, byte for byte and unread: a hard link to it, made
  /// under a temporary name and renamed over an older backup, so neither name is ever missing or
  /// half written. `--force` is what a config that cannot be read asks for (bytes that are not
  /// UTF-8, a sparse file of 10 GB): it was refused, as reading it whole for its backup could
  /// not be done. Where the file system makes no hard links, the text is copied, read as a
  /// config is.
  static func keepBackup(of path: String) throws {
    let backup = path + ".bak"
    let temporary = backup + ".tmp-\(getpid())"
    unlink(temporary)
    if link(path, temporary) == 0 {
      guard rename(temporary, backup) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw SpotterIOError.io(path: backup, reason: Phrase("cannot keep the old config: \(reason)"))
      }
      return
    }
    let old = try currentText(at: path)
    try AtomicFileWriter.write(old, to: backup)
  }

  /// The config that is there, when there is one: `init` says so before it asks anything, and
  /// refuses flags it cannot apply without `--force` instead of ignoring them.
  public func existing(force: Bool, flags: [String]) throws -> String? {
    guard FileManager.default.fileExists(atPath: path), !force else { return nil }
    if !flags.isEmpty { throw SpotterAppError.configExists(path: path, flags: flags) }
    return (try? Self.currentText(at: path)) ?? ""
  }

  /// `value` as a TOML basic string: quotes and backslashes escaped, and every control
  /// character too (TOML forbids them raw), so a path or command holding a line break is written
  /// and read back as given; a raw one made init refuse its own file as invalid TOML.
  static func tomlString(_ value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        text += String(format: "\\u%04X", scalar.value)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// The config text: the answers, and comments that say where the rest is.
  static func toml(_ answers: Answers, date: String?) -> String {
    let quoted = tomlString
    // The comments in the language the config sets, as everything else is then said.
    let words = ConsoleWords(answers.language)
    var lines = [
      words.pick(
        "# Written by `spotter init`\(date.map { " on \($0)" } ?? ""). Every key is in the README, \"Config\".",
        "# Geschrieben von `spotter init`\(date.map { " am \($0)" } ?? ""). Jeder Schlüssel steht in der README, \"Config\"."
      ),
      words.pick(
        "# The zone and language are fixed here so that cron, which has neither TZ nor LANG, reads",
        "# Zone und Sprache stehen hier fest, damit cron, das weder TZ noch LANG kennt, den Verlauf"),
      words.pick(
        "# history and writes reminders exactly as your shell does.",
        "# genau so liest und die Erinnerungen genau so schreibt wie deine Shell."),
      "timezone = \(quoted(answers.timeZone))",
      "language = \(quoted(answers.language.rawValue))",
      "weight_unit = \(quoted(answers.weightUnit.rawValue))",
      "",
      "[import]",
      words.pick(
        "# Files, folders or globs; of a folder's exports the newest of each app is imported.",
        "# Dateien, Ordner oder Globs; aus einem Ordner wird der neueste Export jeder App importiert."),
      "sources = [\(answers.sources.map(quoted).joined(separator: ", "))]",
      "",
      "[notify]",
      "commands = [\(quoted(answers.notifier))]",
    ]
    if let file = answers.hevyKeyFile {
      lines += [
        "",
        "[hevy]",
        words.pick(
          "# The live sync (`spotter sync`, and every nightly run): a file holding your Hevy API key alone,",
          "# Die Live-Synchronisierung (`spotter sync` und jeder nächtliche Lauf): eine Datei nur mit deinem"),
        words.pick(
          "# readable by you only (chmod 600). The key itself is never written here, shown or logged.",
          "# Hevy-API-Schlüssel, nur für dich lesbar (chmod 600). Der Schlüssel selbst steht nie hier, nie in Ausgaben."
        ),
        "api_key_file = \(quoted(file))",
      ]
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  /// A warning when the notifier's program is not on `PATH`, with what to do about it.
  public static func notifierWarnings(
    _ command: String, environment: [String: String], words: ConsoleWords = ConsoleWords(.en)
  ) -> [String] {
    guard let program = command.split(separator: " ").first.map(String.init), !program.contains("{") else {
      return []
    }
    if program.contains("/") {
      return FileManager.default.isExecutableFile(atPath: program)
        ? []
        : [
          words.pick(
            "the notifier '\(program)' is not an executable file",
            "der Benachrichtigungsbefehl '\(program)' ist keine ausführbare Datei")
        ]
    }
    let found = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
    guard !found else { return [] }
    let advice =
      program == "notify-send"
      ? words.pick(
        "install it (Debian: apt install libnotify-bin), or set [notify] commands to ntfy or mail (README, "
          + "\"Notifications that reach you\")",
        "installiere ihn (Debian: apt install libnotify-bin) oder setze [notify] commands auf ntfy oder mail "
          + "(README, \"Notifications that reach you\")")
      : words.pick("install it, or change [notify] commands", "installiere ihn oder ändere [notify] commands")
    return [
      words.pick(
        "the notifier '\(program)' is not installed, so every alarm would fail: \(advice)",
        "der Benachrichtigungsbefehl '\(program)' ist nicht installiert, jeder Alarm würde scheitern: \(advice)"
      )
    ]
  }
}
