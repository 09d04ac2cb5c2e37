import Foundation
import SpotterCore
import SpotterIO

/// Puts the agenda into the user's crontab, in a marked block with the nightly run and a
/// catch-up line, and keeps that block current whenever the outputs change.
///
/// Every line of the crontab outside the block stays byte for byte as it was; an install that
/// changes nothing does not call `crontab` at all.
public struct AgendaInstaller: Sendable {
  public let workspace: Workspace
  public var client: CrontabClient

  /// Where the store remembers an install, so that later writes refresh the block.
  static let settingKey = "agenda.install"
  /// How often the catch-up line runs: often enough to deliver inside the 30 min grace window
  /// after the machine wakes up.
  static let catchUpEvery = "*/10 * * * *"

  public init(workspace: Workspace) {
    self.workspace = workspace
    client = CrontabClient(environment: workspace.options.environment)
  }

  /// What an install or uninstall changes.
  public struct Change: Sendable {
    public var before: String
    public var after: String
    /// Unified diff of the two; empty when nothing changes.
    public var diff: String
    public var applied: Bool
    /// Files written or removed (with `--systemd`).
    public var files: [String] = []
    /// When the nightly run starts, in the user's zone and, when it reads differently, in the
    /// zone cron runs in: said on every install, so that a UTC server's `30 12 * * *` is no riddle.
    public var schedule: String?
  }

  struct Installation: Codable, Sendable {
    var histories: [String]
    var outputDirectory: String
  }

  /// The install the store remembers, nil when there is none (or it does not read as one).
  static func installation(in store: Store) throws -> Installation? {
    try store.setting(settingKey).flatMap {
      try? JSONDecoder().decode(Installation.self, from: Data($0.utf8))
    }
  }

  /// Installs (or refreshes) the block; with `dryRun` only reports the diff.
  public func install(histories: [String], outputDirectory: String, dryRun: Bool) throws -> Change {
    // No nightly time is refused for DST here: the lines and `run --nightly` start each night
    // once on any pair of zones (NightlyCronTime+Once).
    let installation = Installation(
      histories: histories.map(Workspace.absolute), outputDirectory: Workspace.absolute(outputDirectory))
    return try workspace.store.write { store in
      let records = try OutputPublisher(workspace: workspace).storedRecords(store: store, replacing: [])
      let agenda = workspace.agendaWriter.write(
        events: records.map { $0.event(now: workspace.now) },
        horizon: Horizon(start: workspace.today, days: 1), now: workspace.now)
      let before = try client.read()
      let after = try installing(try block(installation, agenda: agenda), into: before)
      let change = Change(
        before: before, after: after, diff: diff(before, after, "installed"),
        applied: !dryRun && before != after, schedule: scheduleText)
      if !dryRun {
        if change.applied { try client.write(after) }
        try store.setSetting(
          Self.settingKey, String(decoding: try JSONEncoder().encode(installation), as: UTF8.self))
        // The nights before the install were never the line's: the one due now counts as done,
        // so that the first night the line misses (a laptop asleep on the evening of the install)
        // is made up by the next catch-up (``MissedNightRunner``), and none before it is.
        if try NightlyGate.lastClaimed(in: store) == nil {
          try NightlyGate.setClaimed(nightly.dueNight(at: workspace.now), in: store)
        }
      }
      return change
    }
  }

  /// Removes the block, and nothing else.
  public func uninstall(dryRun: Bool) throws -> Change {
    try workspace.store.write { store in
      let before = try client.read()
      let after = try Self.editing { () throws(CrontabBlock.Problem) in
        try CrontabBlock.removing(from: before)
      }
      let change = Change(
        before: before, after: after, diff: diff(before, after, "uninstalled"),
        applied: !dryRun && before != after)
      if !dryRun {
        if change.applied { try client.write(after) }
        try store.setSetting(Self.settingKey, nil)
      }
      return change
    }
  }

  /// After the outputs changed: rewrites the block when one is installed for this store. A block
  /// the user removed by hand stays removed.
  func refresh(store: Store, agenda: () throws -> String) throws {
    guard let installation = try Self.installation(in: store) else { return }
    // A store brought into a batch from a machine where `agenda install` ran: the crontab here is
    // the batch's account's, shared by every user, and one user's block would replace it.
    guard !workspace.options.isBatchUser else {
      workspace.notices.add(
        workspace.words.note(
          workspace.words.pick(
            "the crontab block installed from this store elsewhere is not refreshed: a batch user has no crontab "
              + "of their own here",
            "der anderswo aus diesem Speicher eingetragene crontab-Block wird nicht aktualisiert: ein "
              + "Batch-Benutzer hat hier keine eigene crontab")))
      return
    }
    let before = try client.read()
    guard (try? CrontabBlock.isInstalled(in: before)) == true else {
      try store.setSetting(Self.settingKey, nil)
      return
    }
    let after = try installing(try block(installation, agenda: try agenda()), into: before)
    if after != before { try client.write(after) }
  }

  /// Writes the systemd user units instead of touching the crontab.
  public func installSystemd(
    histories: [String], outputDirectory: String, unitDirectory: String?, dryRun: Bool
  ) throws -> Change {
    try checkNightlyTime()
    let directory = unitDirectory ?? workspace.paths.systemdUserUnits
    var nightly = workspace.invocationArguments("run") + ["--out", Workspace.absolute(outputDirectory)]
    if !histories.isEmpty { nightly += ["--history"] + histories.map(Workspace.absolute) }
    // systemd reads a zone after the time, so the timer names the user's and needs no rewriting.
    let calendar = "*-*-* \(workspace.settings.agendaNightly):00 \(workspace.settings.timeZone.identifier)"
    let units = SystemdTimerUnits(
      nightly: nightly, catchUp: workspace.invocationArguments("catch-up"), nightlyCalendar: calendar)
    var before = ""
    var after = ""
    var files: [String] = []
    for (name, text) in units.files {
      let path = directory + "/" + name
      before += Self.unitInPlace(at: path).map { "# \(name)\n" + $0 } ?? ""
      after += "# \(name)\n" + text
      files.append(path)
      if !dryRun { try AtomicFileWriter.write(text, to: path) }
    }
    return Change(
      before: before, after: after, diff: diff(before, after, "written", of: "systemd units"),
      applied: !dryRun && before != after,
      files: files, schedule: nightlyStart)
  }

  /// Removes the systemd user units.
  public func uninstallSystemd(unitDirectory: String?, dryRun: Bool) throws -> Change {
    let directory = unitDirectory ?? workspace.paths.systemdUserUnits
    let files = SystemdTimerUnits.names.map { directory + "/" + $0 }.filter {
      FileManager.default.fileExists(atPath: $0)
    }
    if !dryRun {
      for file in files {
        do {
          try FileManager.default.removeItem(atPath: file)
        } catch {
          throw SpotterIOError.io(path: file, reason: "cannot remove: \(error.localizedDescription)")
        }
      }
    }
    return Change(before: "", after: "", diff: "", applied: !dryRun && !files.isEmpty, files: files)
  }

  /// The block's lines: what it is, the nightly run, the catch-up, and one line per alarm.
  func block(_ installation: Installation, agenda: String) throws -> CrontabBlock {
    let out = installation.outputDirectory
    let log = ">> " + CommandTemplate.shellWord(out + "/spotter.log") + " 2>&1"
    var run = workspace.invocation("run") + " --nightly --out " + CommandTemplate.shellWord(out)
    if !installation.histories.isEmpty {
      run += " --history " + installation.histories.map(CommandTemplate.shellWord).joined(separator: " ")
    }
    // Each command made once, and checked before a line is built of it: one line cron refuses
    // makes it refuse the whole crontab, every alarm with it, so it is said here, with what to
    // shorten, rather than as crontab's "command too long".
    let nightlyCommand = CrontabWriter.escapePercent("\(run) \(log)")
    let catchUpCommand = CrontabWriter.escapePercent("\(workspace.invocation("catch-up")) \(log)")
    for (name, command) in [("nightly", nightlyCommand), ("catch-up", catchUpCommand)]
    where command.utf8.count > CrontabWriter.longestCommand {
      let (size, most) = (command.utf8.count, CrontabWriter.longestCommand)
      throw SpotterIOError.crontab(
        reason: Phrase(
          "the \(name) line would be \(size) bytes after its time, and cron takes at most \(most): shorten the "
            + "paths of the store, the config and the output folder, or list the exports in the config's "
            + "[import] sources rather than with --history",
          de:
            "die Zeile \(name) wäre nach ihrer Zeit \(size) Bytes lang, cron nimmt höchstens \(most): kürze die "
            + "Pfade von Speicher, Konfiguration und Ausgabeordner, oder nenne die Exporte in [import] sources "
            + "der Konfiguration statt mit --history"))
    }
    let timing = nightly.cronTiming(after: workspace.now)
    var lines = [
      "# Managed by `spotter agenda install`; `spotter agenda uninstall` removes this block.",
      "# Edits inside it are overwritten. Times are in \(workspace.cronTimeZone.name).",
      "# Nightly at \(workspace.settings.agendaNightly) \(userZoneName); spotter rewrites that line when the offset changes.",
      "\(timing.daily.minute) \(timing.daily.hour) * * * \(nightlyCommand)",
    ]
    if let dated = timing.dated {
      // The next night's instant is the second pass of a time cron reads twice: cron runs a
      // fixed time in the first pass only, so this line fires at the minute of every hour that
      // day, and `run --nightly` goes only when the night is due.
      lines += [
        "# \(dated.date): \(timing.daily) happens twice in \(workspace.cronTimeZone.name) and the run is the second one.",
        "\(dated.minute) * \(dated.date.day) \(dated.date.month) * \(nightlyCommand)",
      ]
    }
    lines.append("\(Self.catchUpEvery) \(catchUpCommand)")
    lines += agenda.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    return CrontabBlock(lines: lines)
  }

  private func installing(_ block: CrontabBlock, into crontab: String) throws -> String {
    try Self.editing { () throws(CrontabBlock.Problem) in try block.installing(into: crontab) }
  }

  /// Runs a crontab edit, turning a damaged block into an error that says how to fix it.
  static func editing(_ edit: () throws(CrontabBlock.Problem) -> String) throws -> String {
    do {
      return try edit()
    } catch {
      throw Self.error(error)
    }
  }

  private func diff(_ before: String, _ after: String, _ label: String, of subject: String = "crontab")
    -> String
  {
    LineDiff().unified(from: before, to: after, oldName: "\(subject) (now)", newName: "\(subject) (\(label))")
  }

  /// The most a unit file in place is read to show what changes: Spotter's are under 1 KB.
  static let largestUnit = 1 << 16

  /// The text of the unit file at `path`, when it is one to show: nil when there is none, or it
  /// is no regular file, no UTF-8 or over ``largestUnit`` bytes (it is replaced all the same).
  /// A sparse file of 10 GB there was read whole to make the diff: minutes and all memory.
  static func unitInPlace(at path: String) -> String? {
    try? UTF8File.read(
      path: path, atMost: largestUnit, kind: Phrase("a systemd unit", de: "eine systemd-Unit"))
  }

  var nightly: NightlyCronTime { workspace.nightlySchedule }

  /// "in Asia/Tokyo", as the user's zone is named.
  private var userZoneName: String { "in \(workspace.settings.timeZone.name)" }

  /// "the nightly run starts at 21:30 in Asia/Tokyo": all a systemd timer, which names the zone,
  /// needs said.
  private var nightlyStart: String {
    workspace.words.pick(
      "the nightly run starts at \(workspace.settings.agendaNightly) \(userZoneName)",
      "der nächtliche Lauf beginnt um \(workspace.settings.agendaNightly) in \(workspace.settings.timeZone.name)"
    )
  }

  /// When the nightly run starts, on both clocks when they read it differently.
  var scheduleText: String {
    let cron = nightly.cronTiming(after: workspace.now).daily
    guard workspace.settings.timeZone.identifier != workspace.cronTimeZone.identifier,
      cron != workspace.settings.agendaNightly
    else { return nightlyStart }
    return nightlyStart
      + workspace.words.pick(
        ", which is \(cron) in \(workspace.cronTimeZone.name), the zone cron runs in;"
          + " every run rewrites the line when the offset changes",
        ", das ist \(cron) in \(workspace.cronTimeZone.name), der Zone, in der cron läuft;"
          + " jeder Lauf schreibt die Zeile neu, wenn sich der Versatz ändert")
  }

  private func checkNightlyTime() throws {
    if let problem = nightly.problem(from: workspace.now) {
      throw SpotterAppError.nightlyTime(
        value: workspace.settings.agendaNightly.description, reason: Phrase(problem + ":"))
    }
  }

  static func error(_ problem: CrontabBlock.Problem) -> SpotterIOError {
    switch problem {
    case .unterminated(let line):
      .crontab(
        reason: Phrase(
          "line \(line): '\(CrontabBlock.beginMarker)' has no '\(CrontabBlock.endMarker)'; fix it with 'crontab -e'",
          de:
            "Zeile \(line): '\(CrontabBlock.beginMarker)' hat kein '\(CrontabBlock.endMarker)'; korrigiere das mit "
            + "'crontab -e'"))
    case .repeated(let line):
      .crontab(
        reason: Phrase(
          "line \(line): a second '\(CrontabBlock.beginMarker)'; fix it with 'crontab -e'",
          de: "Zeile \(line): ein zweites '\(CrontabBlock.beginMarker)'; korrigiere das mit 'crontab -e'"))
    case .strayEnd(let line):
      .crontab(
        reason: Phrase(
          "line \(line): '\(CrontabBlock.endMarker)' without a begin marker; fix it with 'crontab -e'",
          de: "Zeile \(line): '\(CrontabBlock.endMarker)' ohne Anfangsmarke; korrigiere das mit 'crontab -e'")
      )
    }
  }
}
