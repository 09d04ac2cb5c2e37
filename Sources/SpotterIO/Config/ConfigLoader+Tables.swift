import Foundation
import SpotterCore
import TOMLKit

/// One reader per table of `config.toml`, called in this order by `ConfigLoader.parse`.
extension ConfigLoader {
  typealias TableReader = (TOMLTable, inout ConfigReader, inout Settings) throws -> Void

  /// Every table, in the order its errors are found.
  static var tableReaders: [(name: String, read: TableReader)] {
    [
      ("reminders", readReminders), ("focus", readFocus), ("rest_day", readRestDay),
      ("quiet_hours", readQuietHours), ("program", readProgram), ("agenda", readAgenda),
      ("import", readImport), ("notify", readNotify), ("pause", readPause),
      ("achievements", readAchievements), ("overload", readOverload), ("hevy", readHevy),
    ]
  }

  static func readReminders(_ reminders: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings)
    throws
  {
    try reader.keys(
      of: reminders, table: "reminders",
      allowed: [
        "enabled", "lead_minutes", "preferred_time", "weekdays", "horizon_days",
      ])
    if let enabled = try reader.bool(reminders, "enabled") { settings.reminders.enabled = enabled }
    if let lead = try reader.int(reminders, "lead_minutes", in: 0...720, unit: "minutes") {
      settings.reminders.leadMinutes = lead
    }
    if let time = try reader.time(reminders, "preferred_time") { settings.reminders.preferredTime = time }
    if let days = try reader.weekdays(reminders, "weekdays") { settings.reminders.weekdays = days }
    if let days = try reader.int(reminders, "horizon_days", in: 1...366, unit: "days") {
      settings.reminders.horizonDays = days
    }
  }

  static func readFocus(_ focus: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings) throws {
    try reader.keys(of: focus, table: "focus", allowed: ["minutes_before", "horizon_days"])
    if let minutes = try reader.int(focus, "minutes_before", in: 0...240, unit: "minutes") {
      settings.focus.minutesBefore = minutes
    }
    if let days = try reader.int(focus, "horizon_days", in: 1...366, unit: "days") {
      settings.focus.horizonDays = days
    }
  }

  static func readRestDay(_ restDay: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings)
    throws
  {
    try reader.keys(of: restDay, table: "rest_day", allowed: ["enabled", "time", "after_streak"])
    if let enabled = try reader.bool(restDay, "enabled") { settings.restDay.enabled = enabled }
    if let time = try reader.time(restDay, "time") { settings.restDay.time = time }
    if let streak = try reader.int(restDay, "after_streak", in: 0...31, unit: "days") {
      settings.restDay.afterStreak = streak
    }
  }

  static func readQuietHours(_ quiet: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings)
    throws
  {
    try reader.keys(of: quiet, table: "quiet_hours", allowed: ["start", "end"])
    let start = try reader.time(quiet, "start")
    let end = try reader.time(quiet, "end")
    guard let start, let end else {
      throw reader.error(
        "quiet_hours", start == nil ? "start" : "end", Phrase("missing key", de: "Schlüssel fehlt"))
    }
    settings.quietHours = QuietHours(start: start, end: end)
  }

  static func readProgram(_ program: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings)
    throws
  {
    for key in program.keys.sorted() {
      reader.table = "program"
      guard let weekday = Weekday(key: key) else {
        throw reader.error("program.\(key)", key, Phrase("unknown weekday", de: "unbekannter Wochentag"))
      }
      guard let name = try reader.string(program, key), !name.trimmingScalars(in: .whitespaces).isEmpty
      else {
        throw reader.error(
          "program.\(key)", "",
          Phrase("expected a workout name, got", de: "erwartet einen Workout-Namen, nicht"))
      }
      settings.program[weekday] = name.trimmingScalars(in: .whitespaces)
    }
  }

  static func readAgenda(_ agenda: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings) throws
  {
    try reader.keys(of: agenda, table: "agenda", allowed: ["command", "timezone", "nightly"])
    if let command = try reader.string(agenda, "command") {
      guard !command.trimmingScalars(in: .whitespaces).isEmpty, !command.hasLineBreak else {
        throw reader.error(
          "agenda.command", command,
          Phrase("expected a one-line command, got", de: "erwartet einen einzeiligen Befehl, nicht"))
      }
      if let problem = CommandTemplate(command).unsafePlaceholder() {
        throw reader.error("agenda.command", command, "\(problem); got")
      }
      settings.agendaCommand = command
    }
    if let zone = try reader.timeZone(agenda, "timezone") { settings.agendaTimeZone = zone }
    if let nightly = try reader.time(agenda, "nightly") {
      guard !NightlyTimeValidator.isInChangeWindow(nightly) else {
        throw reader.error(
          "agenda.nightly", nightly.description,
          "a DST change can skip or double a job between 01:00 and 03:00; choose another time than")
      }
      settings.agendaNightly = nightly
    }
  }

  static func readImport(_ imports: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings)
    throws
  {
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
      where source.trimmingScalars(in: .whitespaces).isEmpty || source.hasLineBreak {
        throw reader.error(
          "import.sources", source,
          Phrase(
            "expected a file, folder or glob, got",
            de: "erwartet eine Datei, einen Ordner oder ein Glob, nicht"))
      }
      for source in sources { try reader.checkPath("import.sources", source) }
      settings.importSources = sources
    }
    if let order = try reader.value(
      imports, "date_order", expected: "\"day-month\" or \"month-day\"", DateOrder.init(rawValue:))
    {
      settings.dateOrder = order
    }
  }

  static func readNotify(_ notify: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings) throws
  {
    try reader.keys(
      of: notify, table: "notify",
      allowed: ["commands", "grace_minutes", "timeout_seconds", "snooze_minutes"])
    if let commands = try reader.strings(notify, "commands") {
      for command in commands
      where command.trimmingScalars(in: .whitespaces).isEmpty || command.hasLineBreak {
        throw reader.error(
          "notify.commands", command,
          Phrase("expected one-line commands, got", de: "erwartet einzeilige Befehle, nicht"))
      }
      for command in commands {
        if let problem = CommandTemplate(command).unsafePlaceholder() {
          throw reader.error("notify.commands", command, "\(problem); got")
        }
      }
      settings.notify.commands = commands
    }
    if let grace = try reader.int(notify, "grace_minutes", in: 0...1440, unit: "minutes") {
      settings.notify.graceMinutes = grace
    }
    if let timeout = try reader.int(notify, "timeout_seconds", in: 1...600, unit: "seconds") {
      settings.notify.timeoutSeconds = timeout
    }
    if let snooze = try reader.int(notify, "snooze_minutes", in: 1...1440, unit: "minutes") {
      settings.notify.snoozeMinutes = snooze
    }
  }

  static func readPause(_ pause: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings) throws {
    try reader.keys(of: pause, table: "pause", allowed: ["enabled", "delay_hours"])
    if let enabled = try reader.bool(pause, "enabled") { settings.pause.enabled = enabled }
    if let hours = try reader.int(pause, "delay_hours") {
      guard PauseSettings.delayChoices.contains(hours) else {
        throw reader.error(
          "pause.delay_hours", "\(hours)",
          Phrase("expected 1, 2 or 4 hours, got", de: "erwartet 1, 2 oder 4 Stunden, nicht"))
      }
      settings.pause.delayHours = hours
    }
  }

  static func readAchievements(
    _ achievements: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings
  ) throws {
    try reader.keys(
      of: achievements, table: "achievements",
      allowed: ["records", "streaks", "consistency", "volume", "record_threshold", "record_reps_threshold"])
    if let on = try reader.bool(achievements, "records") { settings.achievements.records = on }
    if let on = try reader.bool(achievements, "streaks") { settings.achievements.streaks = on }
    if let on = try reader.bool(achievements, "consistency") { settings.achievements.consistency = on }
    if let on = try reader.bool(achievements, "volume") { settings.achievements.volume = on }
    if let threshold = try reader.double(
      achievements, "record_threshold", in: 0...100, expected: "0 to 100 (in weight_unit)")
    {
      settings.achievements.recordThreshold = threshold
    }
    if let reps = try reader.int(achievements, "record_reps_threshold", in: 1...50, unit: "reps") {
      settings.achievements.recordRepsThreshold = reps
    }
  }

  static func readOverload(_ overload: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings)
    throws
  {
    try reader.keys(
      of: overload, table: "overload",
      allowed: [
        "enabled", "lifts", "upper_increment_kg", "lower_increment_kg", "upper_increment_lb",
        "lower_increment_lb",
      ])
    if let enabled = try reader.bool(overload, "enabled") { settings.overload.enabled = enabled }
    if let lifts = try reader.strings(overload, "lifts") {
      for lift in lifts where LiftMatcher.normalized(lift).isEmpty {
        throw reader.error(
          "overload.lifts", lift, Phrase("expected exercise names, got", de: "erwartet Übungsnamen, nicht"))
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
        throw reader.error(
          "overload.\(key)", "\(step)",
          Phrase(
            "expected more than 0 and at most 50, got", de: "erwartet mehr als 0 und höchstens 50, nicht"))
      }
      settings.overload[keyPath: path] = step
    }
  }

  static func readHevy(_ hevy: TOMLTable, _ reader: inout ConfigReader, _ settings: inout Settings) throws {
    try reader.keys(of: hevy, table: "hevy", allowed: ["api_key", "api_key_file", "url"])
    var live = HevySettings()
    if let key = hevy["api_key"] {
      // The key is never quoted back, not even when it is of the wrong type.
      guard let text = key.string, !text.isEmpty, text.utf8.count <= 200, !text.contains(where: \.isNewline)
      else {
        throw reader.error(
          "hevy.api_key", "(hidden)", "expected the key as one line of text; got something else:")
      }
      live.apiKey = text.trimmingScalars(in: .whitespaces)
    }
    if let file = try reader.string(hevy, "api_key_file") {
      guard !file.trimmingScalars(in: .whitespaces).isEmpty, !file.hasLineBreak else {
        throw reader.error(
          "hevy.api_key_file", file,
          Phrase("expected a file path, got", de: "erwartet einen Dateipfad, nicht"))
      }
      try reader.checkPath("hevy.api_key_file", file)
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
}
