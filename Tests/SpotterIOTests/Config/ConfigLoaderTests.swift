import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct ConfigLoaderTests {
  let loader = ConfigLoader(fallbackTimeZone: TestZones.newYork, fallbackLanguage: .de)

  @Test func defaultsFollowTheSeeds() throws {
    let settings = try loader.load(path: "/nonexistent/config.toml", required: false)
    #expect(settings.timeZone == TestZones.newYork)
    #expect(settings.language == .de)
    #expect(settings.reminders.enabled)
    #expect(settings.reminders.leadMinutes == 30)
    #expect(settings.reminders.preferredTime == LocalTime(hour: 9, minute: 0))
    #expect(settings.reminders.weekdays.count == 7)
    #expect(!settings.restDay.enabled)
    #expect(settings.restDay.time == LocalTime(hour: 20, minute: 0))
    #expect(settings.restDay.afterStreak == 3)
    #expect(settings.privacy == .standard)
    #expect(settings.quietHours == nil)
    // Issue 5 and seed 003: a 30 min grace window, "Snooze 1 hour".
    #expect(settings.notify.graceMinutes == 30)
    #expect(settings.notify.snoozeMinutes == 60)
    #expect(settings.agendaCommand == "{fire} {uid}")
  }

  /// Where there is no home (a batch user), a path from `~/` is refused with its line, in each
  /// key that names a path: read as written, it named a folder called `~` in the working folder,
  /// which every such user shared. With a home, the same file reads.
  @Test(arguments: [
    ("vdir = \"~/cal\"\n", 1, "vdir", "~/cal"),
    (
      "timezone = \"UTC\"\n[import]\nsources = [\"/a.csv\", \"~/exports\"]\n", 3, "import.sources",
      "~/exports"
    ),
    ("[hevy]\n\napi_key_file = \"~\"\n", 3, "hevy.api_key_file", "~"),
  ])
  func aPathFromHomeIsRefusedWhereThereIsNone(text: String, line: Int, key: String, value: String) throws {
    var homeless = ConfigLoader(fallbackTimeZone: TestZones.newYork, fallbackLanguage: .en)
    homeless.hasHome = false
    let error = #expect(throws: SpotterIOError.self) { try homeless.parse(text, fileName: "c.toml") }
    #expect(
      error?.description
        == "c.toml:\(line): key '\(key)': '~' names a home folder, and this run has none (a batch user has no "
        + "HOME); write the path in full instead of '\(value)'")
    #expect(error?.exitCode == .config)
    _ = try loader.parse(text, fileName: "c.toml")
    homeless.hasHome = true
    _ = try homeless.parse(text.replacingOccurrences(of: "~", with: "/home/me"), fileName: "c.toml")
  }

  /// Where the working folder is not the run's own (a batch user's is the batch's), a relative
  /// path is refused with its line: `vdir = "cal"` was one folder for every such user, each
  /// night's sync removing the others' reminders. A path in full, or from a home there is, reads.
  @Test(arguments: [
    ("vdir = \"cal\"\n", 1, "vdir", "cal"),
    ("[import]\nsources = [\"/a.csv\", \"exports/*.csv\"]\n", 2, "import.sources", "exports/*.csv"),
    ("[hevy]\napi_key_file = \"./hevy.key\"\n", 2, "hevy.api_key_file", "./hevy.key"),
  ])
  func aRelativePathIsRefusedWithoutAWorkingFolderOfItsOwn(
    text: String, line: Int, key: String, value: String
  )
    throws
  {
    var shared = ConfigLoader(fallbackTimeZone: TestZones.newYork, fallbackLanguage: .en)
    shared.hasWorkingFolder = false
    let error = #expect(throws: SpotterIOError.self) { try shared.parse(text, fileName: "c.toml") }
    #expect(
      error?.description.hasPrefix("c.toml:\(line): key '\(key)': a batch user has no working folder")
        == true,
      "\(String(describing: error))")
    #expect(error?.description.hasSuffix("write the path in full instead of '\(value)'") == true)
    _ = try loader.parse(text, fileName: "c.toml")
    _ = try shared.parse(
      text.replacingOccurrences(of: "\"\(value)\"", with: "\"~/\(value)\""), fileName: "c.toml")
  }

  @Test func missingExplicitFileIsAnError() {
    #expect(throws: SpotterIOError.io(path: "/nonexistent/c.toml", reason: "config file not found")) {
      try loader.load(path: "/nonexistent/c.toml", required: true)
    }
  }

  /// Line numbers hold for CRLF files, for unknown tables and for a value written as a table.
  @Test(arguments: [
    ("timezone = \"Europe/Berlin\"\r\n\r\n[reminders]\r\nlead_minutes = -5\r\n", 4, "reminders.lead_minutes"),
    ("timezone = \"Europe/Berlin\"\n\n[colour]\nhue = 3\n", 3, "colour"),
    ("timezone = \"Europe/Berlin\"\r\n[notify]\r\n[colour.x]\r\nhue = 3\r\n", 3, "colour"),
    // A value written as a table, by a dotted key or a header of its own, is named at that line.
    ("language = \"en\"\n\n[reminders]\nenabled = true\nlead_minutes.x = 1\n", 5, "reminders.lead_minutes"),
    (
      "language = \"en\"\n\n[reminders]\nenabled = true\n[reminders.lead_minutes]\nx = 1\n", 5,
      "reminders.lead_minutes"
    ),
  ])
  func linesAreCountedInCRLFFilesAndForUnknownTables(text: String, line: Int, key: String) {
    #expect(throws: SpotterIOError.self) { try loader.parse(text, fileName: "c.toml") }
    do {
      _ = try loader.parse(text, fileName: "c.toml")
    } catch let error as SpotterIOError {
      #expect(error.description.hasPrefix("c.toml:\(line): key '\(key)'"), "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// A huge key or value is quoted cut short; a huge value, a huge file, bytes that are not
  /// UTF-8 and a directory are refused with exit 78.
  @Test func hostileConfigsAreBoundedAndRefused() throws {
    let longKey = String(repeating: "k", count: 100_000)
    do {
      _ = try loader.parse("\(longKey) = 1\n", fileName: "c.toml")
      Issue.record("expected an error")
    } catch let error as SpotterIOError {
      #expect(error.description.count < 400)
      #expect(error.exitCode == .config)
    }
    let longName = String(repeating: "x", count: 5000)
    #expect(throws: SpotterIOError.self) {
      try loader.parse("[overload]\nlifts = [\"\(longName)\"]\n", fileName: "c.toml")
    }
    let directory = TestScratch.root.appendingPathComponent("spotter-cfg-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let huge = directory.appendingPathComponent("huge.toml").path
    try Data(("vdir = \"" + String(repeating: "a", count: 300_000) + "\"\n").utf8).write(
      to: URL(fileURLWithPath: huge))
    let binary = directory.appendingPathComponent("binary.toml").path
    try Data([0x74, 0x3D, 0x31, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: binary))
    for (path, reason) in [
      (directory.path, "is a directory"), (huge, "a config is at most"), (binary, "line 2 is not UTF-8"),
    ] {
      do {
        _ = try loader.load(path: path, required: true)
        Issue.record("expected an error for \(path)")
      } catch let error as SpotterIOError {
        #expect(error.description.contains(reason), "\(error)")
        #expect(error.exitCode == .config)
        #expect(error.description.count < 400)
      }
    }
  }

  @Test func readsEveryKey() throws {
    let text = """
      timezone = "Europe/Berlin"
      language = "en"
      weight_unit = "lb"
      privacy = "minimal"
      min_confidence = 0.6

      [reminders]
      enabled = false
      lead_minutes = 45
      preferred_time = "07:30"
      weekdays = ["mon", "wed"]

      [rest_day]
      enabled = true
      time = "19:45"
      after_streak = 4

      [quiet_hours]
      start = "22:00"
      end = "06:30"

      [program]
      mon = "Push Day"
      Mittwoch = "Pull Day"

      [agenda]
      command = "mail -s {title} me"
      timezone = "UTC"
      nightly = "20:15"

      [notify]
      commands = ["notify-send {title} {body}", "curl -fsS -d {body} https://ntfy.sh/me"]
      grace_minutes = 45
      timeout_seconds = 10
      snooze_minutes = 15
      """
    let settings = try loader.parse(text, fileName: "c.toml")
    #expect(settings.timeZone == TestZones.berlin)
    #expect(settings.weightUnit == .pounds)
    #expect(settings.privacy == .minimal)
    #expect(settings.minimumConfidence == 0.6)
    #expect(!settings.reminders.enabled)
    #expect(settings.reminders.leadMinutes == 45)
    #expect(settings.reminders.preferredTime == LocalTime(hour: 7, minute: 30))
    #expect(settings.reminders.weekdays == [.monday, .wednesday])
    #expect(
      settings.restDay
        == RestDaySettings(enabled: true, time: LocalTime(hour: 19, minute: 45), afterStreak: 4))
    #expect(
      settings.quietHours
        == QuietHours(start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 6, minute: 30)))
    #expect(settings.program == [.monday: "Push Day", .wednesday: "Pull Day"])
    #expect(settings.agendaCommand == "mail -s {title} me")
    #expect(settings.agendaTimeZone?.secondsFromGMT() == 0)
    #expect(settings.agendaNightly == LocalTime(hour: 20, minute: 15))
    #expect(
      settings.notify
        == NotifySettings(
          commands: ["notify-send {title} {body}", "curl -fsS -d {body} https://ntfy.sh/me"],
          graceMinutes: 45,
          timeoutSeconds: 10, snoozeMinutes: 15))
  }

  @Test func readsTheFollowUpKeys() throws {
    let text = """
      weight_unit = "lb"
      [pause]
      enabled = false
      delay_hours = 4
      [achievements]
      streaks = false
      record_threshold = 10
      record_reps_threshold = 2
      [overload]
      lifts = ["Bankdrücken", "Front Squat"]
      upper_increment_lb = 2.5
      """
    let settings = try loader.parse(text, fileName: "c.toml")
    #expect(settings.pause == PauseSettings(enabled: false, delayHours: 4))
    #expect(!settings.achievements.streaks && settings.achievements.records)
    #expect(abs(settings.achievements.thresholdKilograms(unit: settings.weightUnit) - 4.5359237) < 1e-9)
    #expect(settings.achievements.recordRepsThreshold == 2)
    #expect(settings.overload.lifts == ["Bankdrücken", "Front Squat"])
    #expect(settings.overload.increment(lowerBody: false, unit: .pounds) == 2.5)
    #expect(settings.overload.increment(lowerBody: true, unit: .pounds) == 10)
  }

  @Test(arguments: [
    (
      "timezone = \"Mars/Olympus\"",
      "c.toml:1: key 'timezone': not an IANA time zone name (e.g. Europe/Berlin, America/New_York, UTC) 'Mars/Olympus'"
    ),
    ("language = \"fr\"", "c.toml:1: key 'language': expected 'en' or 'de', got 'fr'"),
    ("weight_unit = \"stone\"", "c.toml:1: key 'weight_unit': expected 'kg' or 'lb', got 'stone'"),
    ("privacy = \"none\"", "c.toml:1: key 'privacy': expected 'standard' or 'minimal', got 'none'"),
    (
      "[import]\ndate_order = \"year-first\"",
      "c.toml:2: key 'import.date_order': expected \"day-month\" or \"month-day\", got 'year-first'"
    ),
    (
      "[agenda]\ntimezone = \"Mars/Olympus\"",
      "c.toml:2: key 'agenda.timezone': not an IANA time zone name (e.g. Europe/Berlin, America/New_York, UTC) 'Mars/Olympus'"
    ),
    (
      "\n[reminders]\nlead_minutes = -5",
      "c.toml:3: key 'reminders.lead_minutes': expected 0 to 720 minutes, got '-5'"
    ),
    (
      "[reminders]\npreferred_time = \"25:00\"",
      "c.toml:2: key 'reminders.preferred_time': expected a time as HH:MM, got '25:00'"
    ),
    (
      "[reminders]\nweekdays = [\"mon\", \"funday\"]",
      "c.toml:2: key 'reminders.weekdays': unknown weekday '\"funday\"'"
    ),
    ("[program]\nfunday = \"Push\"", "c.toml:2: key 'program.funday': unknown weekday 'funday'"),
    ("colour = \"blue\"", "c.toml:1: key 'colour': unknown key 'colour'"),
    ("[rest_day]\nenabled = \"yes\"", "c.toml:2: key 'rest_day.enabled': expected a boolean, got '\"yes\"'"),
    (
      "[agenda]\nnightly = \"02:30\"",
      "c.toml:2: key 'agenda.nightly': a DST change can skip or double a job between 01:00 and 03:00; "
        + "choose another time than '02:30'"
    ),
    ("[notify]\ncommands = [\"\"]", "c.toml:2: key 'notify.commands': expected one-line commands, got ''"),
    // A CRLF (one Character in Swift, which `contains("\n")` missed) or a bare CR breaks the
    // line too: in the crontab it ended the agenda's line, and `sh -c` ran what followed.
    (
      "[agenda]\ncommand = \"{fire} {uid}\\r\\n* * * * * touch /tmp/x\"",
      "c.toml:2: key 'agenda.command': expected a one-line command, got '{fire} {uid}\\r\\n* * * * * touch /tmp/x'"
    ),
    (
      "[notify]\ncommands = [\"true\\r\\nfalse\"]",
      "c.toml:2: key 'notify.commands': expected one-line commands, got 'true\\r\\nfalse'"
    ),
    (
      "[import]\nsources = [\"~/a\\rb\"]",
      "c.toml:2: key 'import.sources': expected a file, folder or glob, got '~/a\\rb'"
    ),
    (
      "[notify]\ncommands = [\"echo '{body}'\"]",
      "c.toml:2: key 'notify.commands': {body} is inside single quotes, where a quote in its value ends them; "
        + "write {body} bare, outside any quotes: Spotter quotes every value itself; got 'echo '{body}''"
    ),
    (
      "[agenda]\ncommand = 'notify-send \"{title}\"'",
      "c.toml:2: key 'agenda.command': {title} is inside double quotes, where the shell runs $(…) and `…` in "
        + "its value; write {title} bare, outside any quotes: Spotter quotes every value itself; "
        + "got 'notify-send \"{title}\"'"
    ),
    (
      "[notify]\ngrace_minutes = -1",
      "c.toml:2: key 'notify.grace_minutes': expected 0 to 1440 minutes, got '-1'"
    ),
    ("[pause]\ndelay_hours = 3", "c.toml:2: key 'pause.delay_hours': expected 1, 2 or 4 hours, got '3'"),
    (
      "[achievements]\nrecord_threshold = -1",
      "c.toml:2: key 'achievements.record_threshold': expected 0 to 100 (in weight_unit), got '-1.0'"
    ),
    ("[achievements]\nstreak = true", "c.toml:2: key 'achievements.streak': unknown key 'streak'"),
    (
      "[overload]\nlower_increment_kg = 0",
      "c.toml:2: key 'overload.lower_increment_kg': expected more than 0 and at most 50, got '0.0'"
    ),
    ("[overload]\nlifts = [\" \"]", "c.toml:2: key 'overload.lifts': expected exercise names, got ' '"),
  ])
  func badValuesNameKeyLineAndValue(text: String, message: String) {
    do {
      _ = try loader.parse(text, fileName: "c.toml")
      Issue.record("expected an error for \(text)")
    } catch let error as SpotterIOError {
      #expect(error.description == message)
      #expect(error.exitCode == .config)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func syntaxErrorsCarryLineAndColumn() {
    do {
      _ = try loader.parse("timezone = \"Europe/Berlin\"\nlanguage = \n", fileName: "c.toml")
      Issue.record("expected an error")
    } catch let SpotterIOError.configSyntax(file, line, _, _) {
      #expect(file == "c.toml")
      #expect(line == 2)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
