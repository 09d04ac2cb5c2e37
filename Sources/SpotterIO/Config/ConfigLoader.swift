import Foundation
import SpotterCore
import TOMLKit

/// Reads `config.toml` into ``Settings``, rejecting unknown keys and bad values by name and line.
public struct ConfigLoader: Sendable {
  /// The zone and language used when the file does not name them (from `TZ`/`LANG`).
  public var fallbackTimeZone: TimeZone
  public var fallbackLanguage: Language

  public init(fallbackTimeZone: TimeZone, fallbackLanguage: Language) {
    self.fallbackTimeZone = fallbackTimeZone
    self.fallbackLanguage = fallbackLanguage
  }

  /// The settings in the file at `path`; a missing file is an error only when `required`.
  public func load(path: String, required: Bool) throws -> Settings {
    try loadNamingKeys(path: path, required: required).settings
  }

  /// The settings in the file at `path`, and which top-level keys the file sets: whether the zone
  /// and language came from the file or from the fallbacks.
  public func loadNamingKeys(path: String, required: Bool) throws -> (settings: Settings, keys: Set<String>) {
    guard FileManager.default.fileExists(atPath: path) else {
      if required { throw SpotterIOError.io(path: path, reason: "config file not found") }
      return (Settings(timeZone: fallbackTimeZone, language: fallbackLanguage), [])
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw SpotterIOError.configFile(path: path, reason: "is a directory, not a config file")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
    if let size, size.intValue > Self.largestFile {
      throw SpotterIOError.configFile(
        path: path, reason: "is \(size.intValue) bytes; a config is at most \(Self.largestFile) bytes")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SpotterIOError.io(path: path, reason: "cannot read config file")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      let lines = data.split(separator: 10, omittingEmptySubsequences: false)
      let line = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
      throw SpotterIOError.configFile(
        path: path, reason: "line \(line) is not UTF-8 text; save the config as UTF-8")
    }
    let table = try Self.table(text, fileName: path)
    return (try parse(table, text: text, fileName: path), Set(table.keys))
  }

  /// The largest config read, in bytes: a real one is a few kilobytes, and every command reads it.
  public static let largestFile = 256 * 1024

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
    var settings = Settings(timeZone: fallbackTimeZone, language: fallbackLanguage)
    try reader.keys(
      of: table, table: nil,
      allowed: [
        "timezone", "language", "weight_unit", "privacy", "min_confidence", "reminders", "rest_day", "focus",
        "quiet_hours", "program", "agenda", "notify", "pause", "achievements", "overload", "vdir", "import",
        "hevy",
      ])
    if let vdir = try reader.string(table, "vdir") {
      guard !vdir.trimmingCharacters(in: .whitespaces).isEmpty, !vdir.contains("\n") else {
        throw reader.error("vdir", vdir, "expected a directory path, got")
      }
      settings.vdirPath = vdir
    }
    if let zone = try reader.string(table, "timezone") {
      guard let timeZone = TimeZone.named(zone) else {
        throw reader.error("timezone", zone, TimeZone.suggestion(for: zone))
      }
      settings.timeZone = timeZone
    }
    if let language = try reader.string(table, "language") {
      guard let parsed = Language(rawValue: language) else {
        throw reader.error("language", language, "expected 'en' or 'de', got")
      }
      settings.language = parsed
    }
    if let unit = try reader.string(table, "weight_unit") {
      guard let parsed = WeightUnit(spelling: unit) else {
        throw reader.error("weight_unit", unit, "expected 'kg' or 'lb', got")
      }
      settings.weightUnit = parsed
    }
    if let privacy = try reader.string(table, "privacy") {
      guard let parsed = Privacy(rawValue: privacy) else {
        throw reader.error("privacy", privacy, "expected 'standard' or 'minimal', got")
      }
      settings.privacy = parsed
    }
    if let confidence = try reader.double(table, "min_confidence") {
      guard (0...1).contains(confidence) else {
        throw reader.error("min_confidence", "\(confidence)", "expected a number from 0 to 1, got")
      }
      settings.minimumConfidence = confidence
    }
    if let reminders = try reader.table(table, "reminders") {
      try reader.keys(
        of: reminders, table: "reminders",
        allowed: [
          "enabled", "lead_minutes", "preferred_time", "weekdays", "horizon_days",
        ])
      if let enabled = try reader.bool(reminders, "enabled") { settings.reminders.enabled = enabled }
      if let lead = try reader.int(reminders, "lead_minutes") {
        guard (0...720).contains(lead) else {
          throw reader.error("reminders.lead_minutes", "\(lead)", "expected 0 to 720 minutes, got")
        }
        settings.reminders.leadMinutes = lead
      }
      if let time = try reader.time(reminders, "preferred_time") { settings.reminders.preferredTime = time }
      if let days = try reader.weekdays(reminders, "weekdays") { settings.reminders.weekdays = days }
      if let days = try reader.int(reminders, "horizon_days") {
        guard (1...366).contains(days) else {
          throw reader.error("reminders.horizon_days", "\(days)", "expected 1 to 366 days, got")
        }
        settings.reminders.horizonDays = days
      }
    }
    if let focus = try reader.table(table, "focus") {
      try reader.keys(of: focus, table: "focus", allowed: ["minutes_before", "horizon_days"])
      if let minutes = try reader.int(focus, "minutes_before") {
        guard (0...240).contains(minutes) else {
          throw reader.error("focus.minutes_before", "\(minutes)", "expected 0 to 240 minutes, got")
        }
        settings.focus.minutesBefore = minutes
      }
      if let days = try reader.int(focus, "horizon_days") {
        guard (1...366).contains(days) else {
          throw reader.error("focus.horizon_days", "\(days)", "expected 1 to 366 days, got")
        }
        settings.focus.horizonDays = days
      }
    }
    if let restDay = try reader.table(table, "rest_day") {
      try reader.keys(of: restDay, table: "rest_day", allowed: ["enabled", "time", "after_streak"])
      if let enabled = try reader.bool(restDay, "enabled") { settings.restDay.enabled = enabled }
      if let time = try reader.time(restDay, "time") { settings.restDay.time = time }
      if let streak = try reader.int(restDay, "after_streak") {
        guard (0...31).contains(streak) else {
          throw reader.error("rest_day.after_streak", "\(streak)", "expected 0 to 31 days, got")
        }
        settings.restDay.afterStreak = streak
      }
    }
    if let quiet = try reader.table(table, "quiet_hours") {
      try reader.keys(of: quiet, table: "quiet_hours", allowed: ["start", "end"])
      let start = try reader.time(quiet, "start")
      let end = try reader.time(quiet, "end")
      guard let start, let end else {
        throw reader.error("quiet_hours", start == nil ? "start" : "end", "missing key")
      }
      settings.quietHours = QuietHours(start: start, end: end)
    }
    if let program = try reader.table(table, "program") {
      for key in program.keys.sorted() {
        reader.table = "program"
        guard let weekday = Weekday(key: key) else {
          throw reader.error("program.\(key)", key, "unknown weekday")
        }
        guard let name = try reader.string(program, key), !name.trimmingCharacters(in: .whitespaces).isEmpty
        else {
          throw reader.error("program.\(key)", "", "expected a workout name, got")
        }
        settings.program[weekday] = name.trimmingCharacters(in: .whitespaces)
      }
    }
    if let agenda = try reader.table(table, "agenda") {
      try reader.keys(of: agenda, table: "agenda", allowed: ["command", "timezone", "nightly"])
      if let command = try reader.string(agenda, "command") {
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty, !command.contains("\n") else {
          throw reader.error("agenda.command", command, "expected a one-line command, got")
        }
        if let problem = CommandTemplate(command).unsafePlaceholder() {
          throw reader.error("agenda.command", command, "\(problem); got")
        }
        settings.agendaCommand = command
      }
      if let zone = try reader.string(agenda, "timezone") {
        guard let timeZone = TimeZone.named(zone) else {
          throw reader.error("agenda.timezone", zone, TimeZone.suggestion(for: zone))
        }
        settings.agendaTimeZone = timeZone
      }
      if let nightly = try reader.time(agenda, "nightly") {
        guard !NightlyTimeValidator.isInChangeWindow(nightly) else {
          throw reader.error(
            "agenda.nightly", nightly.description,
            "a DST change can skip or double a job between 01:00 and 03:00; choose another time than")
        }
        settings.agendaNightly = nightly
      }
    }
    if let imports = try reader.table(table, "import") {
      try reader.keys(of: imports, table: "import", allowed: ["sources", "apple_health_types", "date_order"])
      if let types = try reader.strings(imports, "apple_health_types") {
        for type in types
        where type.isEmpty || !type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
          throw reader.error(
            "import.apple_health_types", type,
            "expected a workout type such as 'TraditionalStrengthTraining', got")
        }
        settings.appleHealthTypes = types
      }
      if let sources = try reader.strings(imports, "sources") {
        for source in sources
        where source.trimmingCharacters(in: .whitespaces).isEmpty || source.contains("\n") {
          throw reader.error("import.sources", source, "expected a file, folder or glob, got")
        }
        settings.importSources = sources
      }
      if let order = try reader.string(imports, "date_order") {
        guard let parsed = DateOrder(rawValue: order) else {
          throw reader.error("import.date_order", order, "expected \"day-month\" or \"month-day\", got")
        }
        settings.dateOrder = parsed
      }
    }
    if let notify = try reader.table(table, "notify") {
      try reader.keys(
        of: notify, table: "notify",
        allowed: ["commands", "grace_minutes", "timeout_seconds", "snooze_minutes"])
      if let commands = try reader.strings(notify, "commands") {
        for command in commands
        where command.trimmingCharacters(in: .whitespaces).isEmpty || command.contains("\n") {
          throw reader.error("notify.commands", command, "expected one-line commands, got")
        }
        for command in commands {
          if let problem = CommandTemplate(command).unsafePlaceholder() {
            throw reader.error("notify.commands", command, "\(problem); got")
          }
        }
        settings.notify.commands = commands
      }
      if let grace = try reader.int(notify, "grace_minutes") {
        guard (0...1440).contains(grace) else {
          throw reader.error("notify.grace_minutes", "\(grace)", "expected 0 to 1440 minutes, got")
        }
        settings.notify.graceMinutes = grace
      }
      if let timeout = try reader.int(notify, "timeout_seconds") {
        guard (1...600).contains(timeout) else {
          throw reader.error("notify.timeout_seconds", "\(timeout)", "expected 1 to 600 seconds, got")
        }
        settings.notify.timeoutSeconds = timeout
      }
      if let snooze = try reader.int(notify, "snooze_minutes") {
        guard (1...1440).contains(snooze) else {
          throw reader.error("notify.snooze_minutes", "\(snooze)", "expected 1 to 1440 minutes, got")
        }
        settings.notify.snoozeMinutes = snooze
      }
    }
    if let pause = try reader.table(table, "pause") {
      try reader.keys(of: pause, table: "pause", allowed: ["enabled", "delay_hours"])
      if let enabled = try reader.bool(pause, "enabled") { settings.pause.enabled = enabled }
      if let hours = try reader.int(pause, "delay_hours") {
        guard PauseSettings.delayChoices.contains(hours) else {
          throw reader.error("pause.delay_hours", "\(hours)", "expected 1, 2 or 4 hours, got")
        }
        settings.pause.delayHours = hours
      }
    }
    if let achievements = try reader.table(table, "achievements") {
      try reader.keys(
        of: achievements, table: "achievements",
        allowed: ["records", "streaks", "consistency", "volume", "record_threshold", "record_reps_threshold"])
      if let on = try reader.bool(achievements, "records") { settings.achievements.records = on }
      if let on = try reader.bool(achievements, "streaks") { settings.achievements.streaks = on }
      if let on = try reader.bool(achievements, "consistency") { settings.achievements.consistency = on }
      if let on = try reader.bool(achievements, "volume") { settings.achievements.volume = on }
      if let threshold = try reader.double(achievements, "record_threshold") {
        guard (0...100).contains(threshold) else {
          throw reader.error(
            "achievements.record_threshold", "\(threshold)", "expected 0 to 100 (in weight_unit), got")
        }
        settings.achievements.recordThreshold = threshold
      }
      if let reps = try reader.int(achievements, "record_reps_threshold") {
        guard (1...50).contains(reps) else {
          throw reader.error("achievements.record_reps_threshold", "\(reps)", "expected 1 to 50 reps, got")
        }
        settings.achievements.recordRepsThreshold = reps
      }
    }
    if let overload = try reader.table(table, "overload") {
      try reader.keys(
        of: overload, table: "overload",
        allowed: [
          "enabled", "lifts", "upper_increment_kg", "lower_increment_kg", "upper_increment_lb",
          "lower_increment_lb",
        ])
      if let enabled = try reader.bool(overload, "enabled") { settings.overload.enabled = enabled }
      if let lifts = try reader.strings(overload, "lifts") {
        for lift in lifts where LiftMatcher.normalized(lift).isEmpty {
          throw reader.error("overload.lifts", lift, "expected exercise names, got")
        }
        settings.overload.lifts = lifts
      }
      let increments: [(String, WritableKeyPath<OverloadSettings, Double>)] = [
        ("upper_increment_kg", \.upperIncrementKilograms), ("lower_increment_kg", \.lowerIncrementKilograms),
        ("upper_increment_lb", \.upperIncrementPounds), ("lower_increment_lb", \.lowerIncrementPounds),
      ]
      for (key, path) in increments {
        guard let step = try reader.double(overload, key) else { continue }
        guard step > 0, step <= 50 else {
          throw reader.error("overload.\(key)", "\(step)", "expected more than 0 and at most 50, got")
        }
        settings.overload[keyPath: path] = step
      }
    }
    if let hevy = try reader.table(table, "hevy") {
      try reader.keys(of: hevy, table: "hevy", allowed: ["api_key", "api_key_file", "url"])
      var live = HevySettings()
      if let key = hevy["api_key"] {
        // The key is never quoted back, not even when it is of the wrong type.
        guard let text = key.string, !text.isEmpty, text.utf8.count <= 200, !text.contains(where: \.isNewline)
        else {
          throw reader.error(
            "hevy.api_key", "(hidden)", "expected the key as one line of text; got something else:")
        }
        live.apiKey = text.trimmingCharacters(in: .whitespaces)
      }
      if let file = try reader.string(hevy, "api_key_file") {
        guard !file.trimmingCharacters(in: .whitespaces).isEmpty, !file.contains("\n") else {
          throw reader.error("hevy.api_key_file", file, "expected a file path, got")
        }
        live.apiKeyFile = file
      }
      if let url = try reader.string(hevy, "url") {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
          parsed.host != nil, parsed.query == nil, parsed.user == nil
        else {
          throw reader.error(
            "hevy.url", url, "expected an http(s) address such as https://api.hevyapp.com, got")
        }
        live.url = url.hasSuffix("/") ? String(url.dropLast()) : url
      }
      settings.hevy = live
    }
    return settings
  }
}
