import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// The resolved context of one invocation: settings, the instant "now", the zone, the language
/// and the paths, with the way into its store.
///
/// Resolving reads the config file and takes one read-only look at the store (its pinned zone
/// and language, its import fingerprints) but writes nothing. The work itself is done by the
/// services that are handed a workspace: ``StoreAccess`` for the store, ``HistoryReadingService``
/// for exports, ``OutputPublisher`` for the outputs.
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
  /// The fingerprints of the last imports as the store held them when this invocation began, by
  /// absolute path: the nightly run skips a file whose fingerprint is unchanged.
  let importFingerprints: [String: String]
  /// Notes for stderr: a pinned zone, an environment that disagrees with it.
  public let notices = Notices()
  /// The one way into the store: ``StoreAccess/read(_:)`` and ``StoreAccess/write(existing:_:)``.
  public let store: StoreAccess

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
    // Every agenda line names the store and the config: a line break in either would end the
    // crontab line inside the path, and the line would name another file.
    for (option, path) in [("--db", databasePath), ("--config", options.configPath)] {
      guard let path, path.hasLineBreak else { continue }
      throw SpotterAppError.invalidOption(
        option: option, value: path,
        reason: Phrase(
          "a crontab line cannot carry a line break, and the agenda's lines name this path; choose one without, got",
          de:
            "eine crontab-Zeile kann keinen Zeilenumbruch tragen, und die Zeilen der Agenda nennen diesen Pfad; "
            + "wähle einen ohne, nicht"))
    }
    let system =
      options.machineZone
      ?? SystemTimeZone.resolve(localtime: options.environment["SPOTTER_LOCALTIME"] ?? "/etc/localtime")
    machineTimeZone = system.zone ?? TimeZone.named("UTC")!
    if let warning = system.warning { notices.add(warning) }
    let busySeconds = options.storeBusySeconds ?? options.lockWaitSeconds
    let held =
      options.opensStoreFirst
      ? try StoreHolder.openFirst(
        path: databasePath, waitSeconds: options.lockWaitSeconds, busySeconds: busySeconds) ?? StoreHolder()
      : StoreHolder()
    // As with the read-only look, a store that cannot be read here is left for the first step
    // to report, with the command's words.
    let preview =
      (try? held.store?.preview()) ?? Store.preview(path: databasePath, busyTimeout: busySeconds)
    importFingerprints = preview.fingerprints
    let pinnedZone = preview.timeZone.flatMap { TimeZone.named($0) ?? TimeZone(identifier: $0) }
    let pinnedLanguage = preview.language.flatMap { Language(rawValue: $0) }
    let environmentLanguage = Self.language(in: options.environment)
    // The zone the last calendar was written in needs no asking while libical and its tzdata
    // are the files they were (``WritableZone``); the store is asked only while libical's zone
    // list is not loaded, for once it is (a batch's later users) libical answers at once.
    // Its files are looked at once here, not at each of the up to three checks below.
    let stored = ICSWriter.answersAtOnce ? nil : (try? held.store?.setting(WritableZone.settingKey)) ?? nil
    let vouched = stored.flatMap(WritableZone.vouchedZone)
    let writable: @Sendable (TimeZone) -> Bool = { zone in zone.name == vouched || Self.isWritable(zone) }
    var loader = ConfigLoader(
      fallbackTimeZone: pinnedZone ?? machineTimeZone,
      fallbackLanguage: pinnedLanguage ?? environmentLanguage ?? .en, isWritable: writable,
      hasHome: options.environment["HOME"] != nil)
    loader.hasWorkingFolder = !options.isBatchUser
    let configPath = options.configPath ?? paths.config
    var (settings, keys) = try loader.loadNamingKeys(path: configPath, required: options.configPath != nil)
    if ConfigLoader.othersCanWrite(configPath) {
      let words = ConsoleWords(settings.language)
      notices.add(
        words.warning(
          words.pick(
            "every user of this machine can write the config \(configPath), and its notifier and agenda commands "
              + "run as you; make it yours alone: chmod o-w \(CommandTemplate.shellWord(configPath))",
            "jeder Benutzer dieses Rechners kann die Konfiguration \(configPath) ändern, und ihre Benachrichtigungs- "
              + "und Agenda-Befehle laufen als du; mach sie zu deiner allein: chmod o-w "
              + CommandTemplate.shellWord(configPath))))
    }
    // `--vdir` is a path as the config's `vdir` is, and read where it is.
    if let vdir = options.vdirPath, let problem = loader.pathProblem(vdir) {
      throw SpotterAppError.invalidOption(option: "--vdir", value: vdir, reason: problem)
    }
    var zoneSource: Source = keys.contains("timezone") ? .config : pinnedZone != nil ? .store : .system
    if let zone = options.timeZone {
      guard let timeZone = TimeZone.named(zone), writable(timeZone) else {
        throw SpotterAppError.invalidOption(
          option: "--timezone", value: zone, reason: TimeZone.suggestion(for: zone))
      }
      settings.timeZone = timeZone
      zoneSource = .flag
    }
    timeZoneSource = zoneSource
    // The machine's zone, taken when nothing names one, is checked as a named one is: it would
    // be pinned, and then fail every run.
    guard writable(settings.timeZone) else {
      throw SpotterAppError.invalidOption(
        option: zoneSource == .system ? "the system's zone (/etc/localtime)" : "the store's zone",
        value: settings.timeZone.name,
        reason: TimeZone.suggestion(for: settings.timeZone.name).appending(
          "; set timezone in the config, got", de: "; setze timezone in der Konfiguration, nicht"))
    }
    languageSource = keys.contains("language") ? .config : pinnedLanguage != nil ? .store : .environment
    if zoneSource == .store, let pinnedZone {
      let seen = Self.zone(in: options.environment).map { ($0, "TZ") } ?? (machineTimeZone, "the system")
      if seen.0.identifier != pinnedZone.identifier {
        let words = ConsoleWords(settings.language)
        notices.add(
          words.warning(
            words.pick(
              "using the store's time zone '\(pinnedZone.name)', not \(seen.1)'s '\(seen.0.name)'; "
                + "set timezone in the config to change it",
              "die Zeitzone des Speichers '\(pinnedZone.name)' gilt, nicht '\(seen.0.name)' aus "
                + "\(seen.1 == "TZ" ? "TZ" : "dem System"); timezone in der Konfiguration ändert sie")))
      }
    }
    if languageSource == .store, let pinnedLanguage, let environmentLanguage,
      environmentLanguage != pinnedLanguage
    {
      let words = ConsoleWords(settings.language)
      let (kept, asked) = (pinnedLanguage.rawValue, environmentLanguage.rawValue)
      notices.add(
        words.warning(
          words.pick(
            "using the store's language '\(kept)', not LANG's '\(asked)'; set language in the config to change it",
            "die Sprache des Speichers '\(kept)' gilt, nicht '\(asked)' aus LANG; language in der Konfiguration ändert sie"
          )))
    }
    // A LANG the notifications are not written in is said the first time, not passed over.
    if languageSource == .environment, pinnedLanguage == nil,
      let asked = ConfigInitializer.unavailableLanguage(in: options.environment)
    {
      notices.add(
        "note: LANG asks for \(asked); notifications are written in English and German, so English is used "
          + "(set language = \"de\" in the config for German)")
    }
    if let unit = options.weightUnit { settings.weightUnit = unit }
    self.settings = settings
    store = StoreAccess(
      path: databasePath, waitSeconds: options.lockWaitSeconds, busySeconds: busySeconds,
      pinning: StorePinning(
        timeZone: pinnedZone == nil ? (settings.timeZone.name, zoneSource) : nil,
        language: pinnedLanguage == nil ? (settings.language.rawValue, languageSource) : nil),
      notices: notices, words: ConsoleWords(settings.language), held: held)
    clock = ZoneClock(timeZone: settings.timeZone)
    if let text = options.now ?? options.environment["SPOTTER_NOW"] {
      guard let instant = InstantParser.parse(text, clock: clock) else {
        throw SpotterAppError.invalidOption(
          option: "--now", value: text,
          reason: Phrase(
            "expected an ISO 8601 instant, got", de: "erwartet einen Zeitpunkt nach ISO 8601, nicht"))
      }
      now = try Self.plannable(instant, given: text)
    } else {
      now = try Self.plannable(Date(), given: nil)
    }
  }

  /// The instants a command may take for now: a history holds 1970 to 2099, and a plan reaches
  /// up to 366 days ahead, so every day planned has a four-digit year in every zone. At year
  /// 9999 a run wrote `DTSTART:00000000T000000` and an agenda "for 10000-01-01".
  static let plannableNow =
    Date(timeIntervalSince1970: 31_536_000)..<Date(timeIntervalSince1970: 4_070_908_800)

  /// `instant`, when it is in ``plannableNow``; else a usage error naming the `--now` text
  /// given, or the system clock when none was.
  public static func plannable(_ instant: Date, given text: String?) throws -> Date {
    guard !plannableNow.contains(instant) else { return instant }
    guard let text else {
      throw SpotterAppError.invalidOption(
        option: "--now", value: ISO8601DateFormatter().string(from: instant),
        reason: Phrase(
          "the system clock is outside 1971 to 2098; set it, or give --now; it says",
          de: "die Systemuhr steht außerhalb von 1971 bis 2098; stelle sie, oder gib --now an; sie zeigt"))
    }
    throw SpotterAppError.invalidOption(
      option: "--now", value: text,
      reason: Phrase(
        "expected an instant from 1971 to 2098, got", de: "erwartet einen Zeitpunkt von 1971 bis 2098, nicht")
    )
  }

  /// What the commands print is said in this invocation's language.
  public var words: ConsoleWords { ConsoleWords(settings.language) }

  /// Whether every writer can write `zone`: the calendar writer has rules for it.
  @Sendable static func isWritable(_ zone: TimeZone) -> Bool {
    ICSWriter.canWrite(timeZone: zone.name)
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
}
