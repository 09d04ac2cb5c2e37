import Foundation
import SpotterCore
import TOMLKit

/// Reads `config.toml` into ``Settings``, rejecting unknown keys and bad values by name and line.
public struct ConfigLoader: Sendable {
  /// The zone and language used when the file does not name them (from `TZ`/`LANG`).
  public var fallbackTimeZone: TimeZone
  public var fallbackLanguage: Language
  /// Whether every writer can write a zone: the calendar writer's check, handed in by the
  /// application, so that a zone no writer has rules for is refused with its line, before any
  /// store could keep it.
  public var isWritable: @Sendable (TimeZone) -> Bool
  /// Whether a path may start from the home folder (`~/`): not for a batch user, who has none.
  /// Without a home, `vdir = "~/cal"` named a folder called `~` in the batch's working folder,
  /// which every such user's calendar shared; such a path is refused with its line.
  public var hasHome: Bool
  /// Whether a relative path in the config has a working folder of its own to be read from:
  /// not a batch user's, whose working folder is the batch's and every other user's. There,
  /// `vdir = "cal"` would be one folder for every user, each night's sync removing the others'
  /// reminders; such a path is refused with its line.
  public var hasWorkingFolder = true

  public init(
    fallbackTimeZone: TimeZone, fallbackLanguage: Language,
    isWritable: @escaping @Sendable (TimeZone) -> Bool = { _ in true }, hasHome: Bool = true
  ) {
    self.fallbackTimeZone = fallbackTimeZone
    self.fallbackLanguage = fallbackLanguage
    self.isWritable = isWritable
    self.hasHome = hasHome
  }

  /// The settings in the file at `path`; a missing file is an error only when `required`.
  public func load(path: String, required: Bool) throws -> Settings {
    try loadNamingKeys(path: path, required: required).settings
  }

  /// The settings in the file at `path`, and which top-level keys the file sets: whether the zone
  /// and language came from the file or from the fallbacks.
  public func loadNamingKeys(path: String, required: Bool) throws -> (settings: Settings, keys: Set<String>) {
    // One stat for being there, being a folder and the size: FileManager's attributes also
    // look up the owner's user and group names, two reads of /etc each time.
    var status = stat()
    guard stat(path, &status) == 0 else {
      if required {
        throw SpotterIOError.io(
          path: path, reason: Phrase("config file not found", de: "Konfigurationsdatei nicht gefunden"))
      }
      return (Settings(timeZone: fallbackTimeZone, language: fallbackLanguage), [])
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw SpotterIOError.configFile(
        path: path,
        reason: Phrase("is a directory, not a config file", de: "ist ein Ordner, keine Konfigurationsdatei"))
    }
    let size = Int(status.st_size)
    if size > Self.largestFile {
      throw SpotterIOError.configFile(
        path: path,
        reason: Phrase(
          "is \(size) bytes; a config is at most \(Self.largestFile) bytes",
          de: "hat \(size) Bytes; eine Konfiguration hat höchstens \(Self.largestFile) Bytes"))
    }
    let handle = try InputFile.open(path)
    defer { try? handle.close() }
    // One byte past the largest: a file that grew since its size was read is still refused.
    guard let data = try? handle.read(upToCount: Self.largestFile + 1) ?? Data() else {
      throw SpotterIOError.io(
        path: path, reason: Phrase("cannot read config file", de: "Konfigurationsdatei nicht lesbar"))
    }
    guard data.count <= Self.largestFile else {
      throw SpotterIOError.configFile(
        path: path,
        reason: Phrase(
          "is over \(Self.largestFile) bytes; a config is at most that",
          de: "hat über \(Self.largestFile) Bytes; eine Konfiguration hat höchstens so viele"))
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      let lines = data.split(separator: 10, omittingEmptySubsequences: false)
      let line = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
      throw SpotterIOError.configFile(
        path: path,
        reason: Phrase(
          "line \(line) is not UTF-8 text; save the config as UTF-8",
          de: "Zeile \(line) ist kein UTF-8-Text; speichere die Konfiguration als UTF-8"))
    }
    let table = try Self.table(text, fileName: path)
    return (try parse(table, text: text, fileName: path), Set(table.keys))
  }

  /// Whether every user of the machine may write the file at `path`. The config's `[notify]`
  /// and `[agenda]` commands run as its owner, so anyone who can write it can run anything as
  /// them; cron itself ignores a crontab file others can write.
  public static func othersCanWrite(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_mode & S_IWOTH != 0
  }

  /// The largest config read, in bytes: a real one is a few kilobytes, and every command reads it.
  public static let largestFile = 256 * 1024

  /// Why `path` cannot be read as written, ending where the value follows ("… instead of"); nil
  /// when it can. It cannot when it starts from a home folder (`~/`) that this run does not
  /// have, where it would name a folder called `~` in the working folder, or when it is relative
  /// and the working folder is not this run's own.
  public static func pathProblem(_ path: String, hasHome: Bool, hasWorkingFolder: Bool) -> Phrase? {
    let fromHome = HistorySources.startsFromHome(path)
    if fromHome && !hasHome { return HistorySources.noHome.appending(" instead of", de: " statt") }
    guard !fromHome && !path.hasPrefix("/") && !hasWorkingFolder else { return nil }
    return Phrase(
      "a batch user has no working folder of their own, so a relative path would be the batch's, shared by every "
        + "user; write the path in full instead of",
      de:
        "ein Batch-Benutzer hat keinen eigenen Arbeitsordner, ein relativer Pfad wäre also der des Batches, den "
        + "alle Benutzer teilen; schreibe den Pfad ganz aus statt")
  }

  /// ``pathProblem(_:hasHome:hasWorkingFolder:)`` where this loader reads a config.
  public func pathProblem(_ path: String) -> Phrase? {
    Self.pathProblem(path, hasHome: hasHome, hasWorkingFolder: hasWorkingFolder)
  }

  /// The line of `key` (`vdir`, `hevy.api_key_file`) in the config file at `path`, for an error
  /// about its value found after loading; 1 when the file cannot be read again.
  public static func line(of key: String, inFileAt path: String) -> Int {
    guard let data = try? InputFile.contents(path, atMost: largestFile, kind: Phrase("a config")) else {
      return 1
    }
    var reader = ConfigReader(text: String(decoding: data, as: UTF8.self), fileName: path)
    let parts = key.split(separator: ".")
    reader.table = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
    return reader.line(of: key)
  }

  /// The settings in TOML `text`; `fileName` is quoted in errors.
  public func parse(_ text: String, fileName: String) throws -> Settings {
    try parse(Self.table(text, fileName: fileName), text: text, fileName: fileName)
  }

  static func table(_ text: String, fileName: String) throws -> TOMLTable {
    do {
      return try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw SpotterIOError.configSyntax(
        file: fileName, line: error.source.begin.line, column: error.source.begin.column,
        reason: error.description)
    }
  }

  private func parse(_ table: TOMLTable, text: String, fileName: String) throws -> Settings {
    var reader = ConfigReader(text: text, fileName: fileName)
    reader.isWritable = isWritable
    reader.hasHome = hasHome
    reader.hasWorkingFolder = hasWorkingFolder
    var settings = Settings(timeZone: fallbackTimeZone, language: fallbackLanguage)
    try reader.keys(
      of: table, table: nil,
      allowed: [
        "timezone", "language", "weight_unit", "privacy", "min_confidence", "reminders", "rest_day", "focus",
        "quiet_hours", "program", "agenda", "notify", "pause", "achievements", "overload", "vdir", "import",
        "hevy",
      ])
    if let vdir = try reader.string(table, "vdir") {
      guard !vdir.trimmingScalars(in: .whitespaces).isEmpty, !vdir.hasLineBreak else {
        throw reader.error(
          "vdir", vdir, Phrase("expected a directory path, got", de: "erwartet einen Ordnerpfad, nicht"))
      }
      try reader.checkPath("vdir", vdir)
      settings.vdirPath = vdir
    }
    if let zone = try reader.timeZone(table, "timezone") { settings.timeZone = zone }
    if let language = try reader.value(table, "language", expected: "'en' or 'de'", Language.init(rawValue:))
    {
      settings.language = language
    }
    if let unit = try reader.value(table, "weight_unit", expected: "'kg' or 'lb'", WeightUnit.init(spelling:))
    {
      settings.weightUnit = unit
    }
    if let privacy = try reader.value(
      table, "privacy", expected: "'standard' or 'minimal'", Privacy.init(rawValue:))
    {
      settings.privacy = privacy
    }
    if let confidence = try reader.double(
      table, "min_confidence", in: 0...1, expected: "a number from 0 to 1")
    {
      settings.minimumConfidence = confidence
    }
    for (name, read) in Self.tableReaders {
      if let section = try reader.table(table, name) { try read(section, &reader, &settings) }
    }
    return settings
  }
}
