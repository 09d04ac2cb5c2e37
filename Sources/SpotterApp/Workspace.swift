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

  /// Resolves config, overrides and `--now`; reads the config file but writes nothing.
  public init(options: SpotterOptions) throws {
    self.options = options
    paths = SpotterPaths(environment: options.environment)
    let fallbackZone =
      options.environment["TZ"].flatMap {
        TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0)
      }
      ?? TimeZone.current
    let loader = ConfigLoader(
      fallbackTimeZone: fallbackZone,
      fallbackLanguage: Language(
        localeIdentifier: options.environment["LC_ALL"] ?? options.environment["LANG"]))
    machineTimeZone =
      SystemTimeZone.read(localtime: options.environment["SPOTTER_LOCALTIME"] ?? "/etc/localtime")
      ?? TimeZone(identifier: "UTC")!
    var settings = try loader.load(
      path: options.configPath ?? paths.config, required: options.configPath != nil)
    if let zone = options.timeZone {
      guard let timeZone = TimeZone(identifier: zone) else {
        throw SpotterAppError.invalidOption(
          option: "--timezone", value: zone, reason: "unknown IANA time zone")
      }
      settings.timeZone = timeZone
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
    databasePath = options.databasePath ?? paths.database
  }

  /// The zone the agenda's times are written in.
  public var cronTimeZone: TimeZone { settings.agendaTimeZone ?? machineTimeZone }

  /// The vdir that also gets one `UID.ics` per reminder: `--vdir`, else the config's `vdir`,
  /// with a leading `~/` read as `$HOME`.
  public var vdirPath: String? {
    guard let path = options.vdirPath ?? settings.vdirPath else { return nil }
    if path.hasPrefix("~/"), let home = options.environment["HOME"] { return home + path.dropFirst() }
    return path
  }

  /// A warning when `[agenda] timezone` is not the zone cron runs in: the lines would fire at
  /// that zone's readings of the machine's clock.
  public var cronZoneWarning: String? {
    guard let configured = settings.agendaTimeZone, configured.identifier != machineTimeZone.identifier else {
      return nil
    }
    return
      "agenda.timezone '\(configured.identifier)' differs from the system zone '\(machineTimeZone.identifier)' "
      + "that cron runs in; the agenda's alarms fire on time only if cron runs in '\(configured.identifier)'"
  }

  /// The local date of `now`.
  public var today: LocalDate { clock.localDate(now) }

  /// Reads `today`, `tomorrow` or `YYYY-MM-DD`.
  public func date(_ text: String, option: String) throws -> LocalDate {
    switch text.lowercased() {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    default:
      guard let date = LocalDate(parsing: text) else {
        throw SpotterAppError.invalidOption(
          option: option, value: text, reason: "expected today, tomorrow or YYYY-MM-DD, got")
      }
      return date
    }
  }

  /// Opens the store; a read-only workspace on a missing file gets an empty in-memory store.
  public func openStore(readOnly: Bool = false) throws -> Store {
    if readOnly && !FileManager.default.fileExists(atPath: databasePath) {
      return try Store(path: ":memory:")
    }
    return try Store(path: databasePath)
  }

  /// Runs `body` on the store while holding the lock that keeps other spotter processes out.
  public func exclusive<T>(_ body: (Store) throws -> T) throws -> T {
    let lock = try lock()
    defer { lock.release() }
    return try body(try openStore())
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

  /// Reads every file before anything is stored, so one bad file leaves the store untouched.
  public func readHistories(_ paths: [String]) throws -> [(
    path: String, format: HistoryFormat, sessions: [Session]
  )] {
    let importer = HistoryImporter(clock: clock, defaultUnit: settings.weightUnit)
    return try paths.map { path in
      let (format, sessions) = try importer.read(path: path)
      return (path, format, sessions)
    }
  }
}
