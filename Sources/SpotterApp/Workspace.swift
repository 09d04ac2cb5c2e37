import Foundation
import SpotterCore
import SpotterIO

/// The resolved context of one invocation: settings, the instant "now", the zone and the store.
public struct Workspace: Sendable {
  public let settings: Settings
  public let now: Date
  public let clock: ZoneClock
  public let paths: SpotterPaths
  public let databasePath: String
  /// The zone cron reads crontabs in: the system's (`/etc/localtime`), never the caller's `TZ`,
  /// which cron does not see. `SPOTTER_LOCALTIME` names another link, for tests.
  public let machineTimeZone: TimeZone
  public let options: SpotterOptions

  /// Where the zone and the language of this invocation came from.
  public enum Source: String, Sendable {
    case flag = "--timezone"
    case config = "the config"
    case store = "the store"
    case system = "the system"
    case environment = "LANG"
  }
  public let timeZoneSource: Source
  public let languageSource: Source
  /// Whether the store already holds a zone and a language; a first write pins them.
  let storePinned: (timeZone: Bool, language: Bool)
  /// The fingerprints of the last imports as the store held them when this invocation began, by
  /// absolute path: the nightly run skips a file whose fingerprint is unchanged.
  let importFingerprints: [String: String]
  /// Notes for stderr: a pinned zone, an environment that disagrees with it.
  public let notices = Notices()

  /// Resolves config, overrides and `--now`; reads the config file and the store's pinned zone
  /// and language, but writes nothing.
  ///
  /// The zone comes from `--timezone`, else the config, else the store, else the system
  /// (`/etc/localtime`); the language from the config, else the store, else `LANG`. Never from
  /// `TZ`: a shell and cron see different ones, and reminders flipped between them every night.
  public init(options: SpotterOptions) throws {
    self.options = options
    paths = SpotterPaths(environment: options.environment)
    databasePath = options.databasePath ?? paths.database
    machineTimeZone =
      SystemTimeZone.read(localtime: options.environment["SPOTTER_LOCALTIME"] ?? "/etc/localtime")
      ?? TimeZone.named("UTC")!
    let preview = Store.preview(path: databasePath, busyTimeout: options.lockWaitSeconds)
    importFingerprints = preview.fingerprints
    let pinnedZone = preview.timeZone.flatMap { TimeZone.named($0) ?? TimeZone(identifier: $0) }
    let pinnedLanguage = preview.language.flatMap { Language(rawValue: $0) }
    storePinned = (pinnedZone != nil, pinnedLanguage != nil)
    let environmentLanguage = Self.language(in: options.environment)
    let loader = ConfigLoader(
      fallbackTimeZone: pinnedZone ?? machineTimeZone,
      fallbackLanguage: pinnedLanguage ?? environmentLanguage ?? .en)
    var (settings, keys) = try loader.loadNamingKeys(
      path: options.configPath ?? paths.config, required: options.configPath != nil)
    var zoneSource: Source = keys.contains("timezone") ? .config : pinnedZone != nil ? .store : .system
    if let zone = options.timeZone {
      guard let timeZone = TimeZone.named(zone) else {
        throw SpotterAppError.invalidOption(
          option: "--timezone", value: zone, reason: TimeZone.suggestion(for: zone))
      }
      settings.timeZone = timeZone
      zoneSource = .flag
    }
    timeZoneSource = zoneSource
    languageSource = keys.contains("language") ? .config : pinnedLanguage != nil ? .store : .environment
    if zoneSource == .store, let pinnedZone {
      let seen = Self.zone(in: options.environment).map { ($0, "TZ") } ?? (machineTimeZone, "the system")
      if seen.0.identifier != pinnedZone.identifier {
        notices.add(
          "warning: using the store's time zone '\(pinnedZone.name)', not \(seen.1)'s '\(seen.0.name)'; "
            + "set timezone in the config to change it")
      }
    }
    if languageSource == .store, let pinnedLanguage, let environmentLanguage,
      environmentLanguage != pinnedLanguage
    {
      notices.add(
        "warning: using the store's language '\(pinnedLanguage.rawValue)', not LANG's '\(environmentLanguage.rawValue)'; "
          + "set language in the config to change it")
    }
    if let unit = options.weightUnit { settings.weightUnit = unit }
    self.settings = settings
    clock = ZoneClock(timeZone: settings.timeZone)
    if let text = options.now ?? options.environment["SPOTTER_NOW"] {
      guard let instant = InstantParser.parse(text, clock: clock) else {
        throw SpotterAppError.invalidOption(
          option: "--now", value: text, reason: "expected an ISO 8601 instant, got")
      }
      now = instant
    } else {
      now = Date()
    }
  }

  /// The zone `TZ` names, if any.
  static func zone(in environment: [String: String]) -> TimeZone? {
    environment["TZ"].flatMap { TimeZone.named($0.hasPrefix(":") ? String($0.dropFirst()) : $0) }
  }

  /// The language `LC_ALL` or `LANG` names; nil when neither says one (unset, `C`, `POSIX`),
  /// as under cron.
  public static func language(in environment: [String: String]) -> Language? {
    guard let identifier = environment["LC_ALL"].flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["LANG"],
      !identifier.isEmpty, !["c", "posix"].contains(identifier.lowercased().prefix { $0 != "." })
    else { return nil }
    return Language(localeIdentifier: identifier)
  }

  /// The zone the agenda's times are written in.
  public var cronTimeZone: TimeZone { settings.agendaTimeZone ?? machineTimeZone }

  /// The vdir that also gets one `UID.ics` per reminder: `--vdir`, else the config's `vdir`,
  /// with a leading `~/` read as `$HOME`.
  public var vdirPath: String? {
    guard let path = options.vdirPath ?? settings.vdirPath else { return nil }
    return expandingHome(path)
  }

  /// `path` with a leading `~/` read as this invocation's `HOME`; unchanged without one.
  public func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = options.environment["HOME"] else { return path }
    return home + path.dropFirst()
  }

  /// A warning when `[agenda] timezone` is not the zone cron runs in: the lines would fire at
  /// that zone's readings of the machine's clock.
  public var cronZoneWarning: String? {
    guard let configured = settings.agendaTimeZone, configured.identifier != machineTimeZone.identifier else {
      return nil
    }
    return
      "agenda.timezone '\(configured.name)' differs from the system zone '\(machineTimeZone.name)' "
      + "that cron runs in; the agenda's alarms fire on time only if cron runs in '\(configured.identifier)'"
  }

  /// Notifiers that are not installed, when the agenda's lines go through `spotter fire`: every
  /// alarm would fail with exit 127.
  public var notifierWarnings: [String] {
    guard settings.agendaCommand.contains("{fire}") else { return [] }
    return settings.notify.commands.flatMap {
      ConfigInitializer.notifierWarnings($0, environment: options.environment)
    }
  }

  /// The local date of `now`.
  public var today: LocalDate { clock.localDate(now) }

  /// Reads a day as every command does: `today`, `tomorrow`, `fri`, `next mon`, `+2d`,
  /// `YYYY-MM-DD`.
  public func date(_ text: String, option: String) throws -> LocalDate {
    guard let date = FocusTimeParser(clock: clock, now: now).day(text) else {
      throw SpotterAppError.invalidOption(
        option: option, value: text,
        reason: "expected today, tomorrow, a weekday (fri, next mon), +2d or YYYY-MM-DD, got")
    }
    return date
  }

  /// Opens the store: to write it (the caller holds ``lock()``; it is created, migrated and
  /// pinned), or only to read it (no lock, no migration, no file created: a missing store reads
  /// as an empty one).
  ///
  /// SQLite's own lock is waited for as long as the process lock, `--wait`.
  public func openStore(readOnly: Bool = false) throws -> Store {
    if readOnly { return try Store(readingAt: databasePath, busyTimeout: options.lockWaitSeconds) }
    let store = try Store(path: databasePath, busyTimeout: options.lockWaitSeconds)
    try pin(store)
    return store
  }

  /// Opens a store that must already exist, to write it: for commands that deliver or change what
  /// an earlier run planned (`fire`, `catch-up`), which a mistyped `--db` must not answer with an
  /// empty new store.
  public func openExistingStore() throws -> Store {
    try requireStore()
    return try openStore()
  }

  /// Fails unless the store exists; checked before the lock too, so that not even a lock file
  /// appears beside a mistyped path.
  public func requireStore() throws {
    guard FileManager.default.fileExists(atPath: databasePath) else {
      throw SpotterIOError.io(
        path: databasePath,
        reason: "no store here (No such file or directory); check --db, or run `spotter run` first")
    }
  }

  /// Keeps this invocation's zone and language in the store the first time a command writes it,
  /// so that later runs read times the same way whatever their environment says.
  func pin(_ store: Store) throws {
    guard !storePinned.timeZone || !storePinned.language else { return }
    var pinned: [String] = []
    if !storePinned.timeZone, try store.setting(Store.pinnedTimeZoneKey) == nil {
      try store.setSetting(Store.pinnedTimeZoneKey, settings.timeZone.name)
      if timeZoneSource != .config {
        pinned.append("time zone '\(settings.timeZone.name)' (from \(timeZoneSource.rawValue))")
      }
    }
    if !storePinned.language, try store.setting(Store.pinnedLanguageKey) == nil {
      try store.setSetting(Store.pinnedLanguageKey, settings.language.rawValue)
      if languageSource != .config {
        pinned.append("language '\(settings.language.rawValue)' (from \(languageSource.rawValue))")
      }
    }
    guard !pinned.isEmpty else { return }
    notices.add(
      "note: the store now keeps \(pinned.joined(separator: " and ")); from now on, runs use that whatever TZ and LANG say, "
        + "unless the config sets timezone or language")
  }

  /// Runs `body` on the store while holding the lock that keeps other spotter processes out;
  /// `existing` refuses to create a store that is not there (``openExistingStore()``).
  public func exclusive<T>(existing: Bool = false, _ body: (Store) throws -> T) throws -> T {
    if existing { try requireStore() }
    let lock = try lock()
    defer { lock.release() }
    return try body(try existing ? openExistingStore() : openStore())
  }

  /// Runs `body` holding the lock again, on a store an earlier ``exclusive(_:)`` of this
  /// invocation opened: it was checked and migrated then, and opening it twice cost a nightly run
  /// a millisecond.
  public func exclusive<T>(on store: Store, _ body: (Store) throws -> T) throws -> T {
    let lock = try lock()
    defer { lock.release() }
    return try body(store)
  }

  /// Takes the store's process lock, waiting as long as the options say.
  public func lock() throws -> ProcessLock {
    try ProcessLock(storePath: databasePath, waitSeconds: options.lockWaitSeconds)
  }

  /// A spotter command for crontabs and timers, program first: the running binary with
  /// `subcommand`, this store and this config as absolute paths.
  public func invocationArguments(_ subcommand: String) -> [String] {
    var arguments = [options.executablePath ?? "spotter", subcommand, "--db", Self.absolute(databasePath)]
    if let config = options.configPath
      ?? (FileManager.default.fileExists(atPath: paths.config) ? paths.config : nil)
    {
      arguments += ["--config", Self.absolute(config)]
    }
    if let zone = options.timeZone { arguments += ["--timezone", zone] }
    return arguments
  }

  /// ``invocationArguments(_:)`` as one shell command line.
  public func invocation(_ subcommand: String) -> String {
    invocationArguments(subcommand).map(CommandTemplate.shellWord).joined(separator: " ")
  }

  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// What the nightly run read: the files to import (with the fingerprints to keep for them),
  /// the ones unchanged since their last import, and the sources that failed.
  public struct NightlyReading: Sendable {
    public var files: [(path: String, format: HistoryFormat, sessions: [PackedSession])] = []
    public var fingerprints: [String: String] = [:]
    public var unchanged: [String] = []
    public var failures: [ImportFailure] = []
  }

  /// Reads what each source names, going on past the ones that fail: the nightly run imports
  /// every file that parses (each file is still all or nothing) and reports the others. A file
  /// whose size, modification time and content hash match its last import, read with the same
  /// settings, is not parsed again.
  public func readHistoriesKeepingGoing(_ sources: [String]) -> NightlyReading {
    let importer = historyImporter
    let known = importFingerprints
    // The settings that change what a file's sessions are.
    let context = [
      "importer \(HistoryImporter.revision)", importer.clock.identifier, importer.defaultUnit.rawValue,
      importer.appleHealthTypes.joined(separator: ","), importer.dateOrder?.rawValue ?? "",
    ].joined(separator: "|")
    var reading = NightlyReading()
    func fail(_ source: String, _ error: any Error) {
      reading.failures.append(
        ImportFailure(
          source: source, message: ExitStatus.message(for: error), exitCode: ExitStatus.code(for: error)))
    }
    for source in sources {
      do {
        for path in try historySources.files([source])
        where !reading.files.contains(where: { $0.path == path }) && !reading.unchanged.contains(path) {
          do {
            let key = Self.absolute(path)
            let fingerprint = try FileFingerprint.of(path: path).text(context: context)
            if known[key] == fingerprint {
              reading.unchanged.append(path)
              continue
            }
            let (format, sessions) = try read(path, with: importer)
            reading.files.append((path, format, sessions))
            reading.fingerprints[key] = fingerprint
          } catch {
            fail(path, error)
          }
        }
      } catch {
        fail(source, error)
      }
    }
    return reading
  }

  /// Reads every file before anything is stored, so one bad file leaves the store untouched;
  /// folders and globs become the newest export of each app in them (``HistorySources``).
  public func readHistories(_ paths: [String]) throws -> [(
    path: String, format: HistoryFormat, sessions: [PackedSession]
  )] {
    let importer = historyImporter
    return try historySources.files(paths).map { path in
      let (format, sessions) = try read(path, with: importer)
      return (path, format, sessions)
    }
  }

  /// The importer for this invocation's zone, weight unit and Apple Health types.
  var historyImporter: HistoryImporter {
    var importer = HistoryImporter(
      clock: clock, defaultUnit: settings.weightUnit,
      appleHealthTypes: settings.appleHealthTypes ?? AppleHealthImporter.defaultActivityTypes)
    importer.dateOrder = settings.dateOrder
    return importer
  }

  /// Files, folders and globs as history sources, `~/` being this invocation's `HOME`.
  var historySources: HistorySources { HistorySources(home: options.environment["HOME"]) }

  /// One file, with a progress line on a terminal when it is a large one.
  func read(_ path: String, with importer: HistoryImporter) throws -> (HistoryFormat, [PackedSession]) {
    let progress = ImportProgress.forFile(path, environment: options.environment)
    defer { progress?.finish() }
    let (format, sessions, notes) = try importer.readPackedNoting(
      path: path, progress: progress.map { bar in { bar.update($0, $1) } })
    for note in notes { notices.add("note: \(note)") }
    return (format, sessions)
  }
}
