import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// Writes what a command changed: both output files and the store as one unit, then an
/// installed crontab block and the vdir. Every writing command ends here; it calls nothing back.
public struct OutputPublisher: Sendable {
  public static let calendarFileName = "spotter.ics"
  public static let agendaFileName = "agenda.crontab"

  /// The path of the output file `name` in `directory` as the run reports it: `out/` and `out`
  /// give `out/spotter.ics`, not `out//spotter.ics`.
  static func file(_ name: String, in directory: String) -> String {
    var folder = Substring(directory)
    while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    return folder == "/" ? "/" + name : folder + "/" + name
  }

  /// The digest of a calendar's inputs before its events (``CalendarInputDigest``), with this
  /// program, libical and the zone's tzdata identified by their files; nil when one of them
  /// cannot be, for then a change to it could go unseen and the calendar is always built.
  static func inputDigest(timeZone: String, validFrom: Date, validUntil: Date) -> CalendarInputDigest? {
    guard let dependencies = CalendarInputDigest.dependencies(timeZone: timeZone),
      let program = ExecutablePath.identity
    else { return nil }
    var identities = [program]
    for path in dependencies {
      guard let identity = AtomicFileWriter.identity(ofRegularFile: path, followingLinks: true) else {
        return nil
      }
      identities.append(identity)
    }
    return CalendarInputDigest(
      timeZone: timeZone, validFrom: validFrom, validUntil: validUntil, identities: identities)
  }

  public let workspace: Workspace
  /// Whether a failed crontab block or vdir update is said on stderr (``Workspace/notices``);
  /// `spotter run` keeps them in its report instead, where they set its exit code.
  public var noticingSinkFailures: Bool

  public init(workspace: Workspace, noticingSinkFailures: Bool = true) {
    self.workspace = workspace
    self.noticingSinkFailures = noticingSinkFailures
  }

  /// Every stored reminder from today on, `changed` in place of their stored revisions, in the
  /// outputs' order.
  public func storedRecords(store: Store, replacing changed: [ReminderRecord]) throws -> [ReminderRecord] {
    // With the reminders a change of zone dated into the past that have not started
    // (``PlanSnapshot/orphaned``), as they are: the next plan cancels them; left out here, they
    // would go missing from both outputs without being cancelled.
    let stored = try store.reminders(
      from: workspace.today, unstartedAfter: workspace.now, besideDatedFocusAlerts: false)
    return RunPlanner.merged(stored: stored.from + stored.unstarted, revised: changed).records
  }

  /// Renders the outcome's records into both outputs and commits them with `save` as one unit
  /// (``OutputTransaction``), then brings an installed crontab block and the vdir up to date.
  ///
  /// The records are walked once, a week of repeating focus alerts at a time: each is written to
  /// both files as it comes, and the week's new revisions go into the store inside the one
  /// transaction (``Store/begin()``) that `save` then adds to and that commits once both files are
  /// flushed. Memory stays flat in the number of alerts. `keepingChanges` keeps each record's
  /// change by UID, for output that lists them.
  public func publish(
    _ outcome: PlanOutcome, store: Store, outputDirectory: String, keepingChanges: Bool = false,
    save: () throws -> Void
  ) throws -> Publication {
    let lastDates = [
      outcome.records.lastEndDate(in: workspace.clock), try outcome.repeatingFocus.lastEndDate(),
    ]
    return try publish(
      lastDate: lastDates.compactMap { $0 }.max(), store: store, outputDirectory: outputDirectory,
      keepingChanges: keepingChanges, save: save
    ) { saveWeek, body in
      try outcome.forEachRecord(chunk: { week in try saveWeek?(week.changed) }, body)
    }
  }

  /// Renders `records` (every reminder from today on) into both outputs and commits them with
  /// `save` as one unit, as ``publish(_:store:outputDirectory:keepingChanges:save:)`` does.
  public func publish(
    records: [ReminderRecord], store: Store, outputDirectory: String, save: () throws -> Void
  ) throws -> Publication {
    try publish(
      lastDate: records.lastEndDate(in: workspace.clock), store: store, outputDirectory: outputDirectory,
      keepingChanges: false, save: save
    ) { _, body in
      for record in records { try body(record, .unchanged) }
    }
  }

  /// The one way outputs are written: `walk` hands its body every record in the outputs' order,
  /// handing each week's revisions to its saver when given one, and may be walked again, without one, for the
  /// vdir.
  ///
  /// Both files are rendered and flushed to temporaries before the store's transaction commits,
  /// so an unwritable or full output directory leaves store and files as they were.
  private func publish(
    lastDate: LocalDate?, store: Store, outputDirectory: String, keepingChanges: Bool,
    save: () throws -> Void,
    walk: (
      _ saveWeek: (([ReminderRecord]) throws -> Void)?,
      _ body: (ReminderRecord, RevisionChange) throws -> Void
    ) throws -> Void
  ) throws -> Publication {
    let clock = workspace.clock
    let today = workspace.today
    let now = workspace.now
    let span = Horizon(start: today, days: today.days(until: max(lastDate ?? today, today)) + 1)
    // The VTIMEZONE covers the span with a day's margin on both sides for clients that display
    // the neighbouring days.
    let validFrom = clock.startOfDay(span.start.adding(days: -1))
    let validUntil = clock.startOfDay(span.end.adding(days: 1))
    let agendaWriter = workspace.agendaWriter
    try OutputTransaction.recover(directory: outputDirectory)
    var outputs = OutputTransaction(directory: outputDirectory)
    var publication = Publication(
      calendarPath: Self.file(Self.calendarFileName, in: outputDirectory),
      agendaPath: Self.file(Self.agendaFileName, in: outputDirectory), alarms: 0, counts: [:],
      changes: keepingChanges ? [:] : nil)
    // One transaction for the walk's revisions and the command's save, committed once both files
    // are flushed: a failure or a kill before that leaves the store as it was. It is begun by the
    // first week with a revision to save, else by the save itself: a night with nothing to write
    // opens no write transaction at all.
    var begun = false
    func saveWeek(_ changed: [ReminderRecord]) throws {
      guard !changed.isEmpty else { return }
      if !begun {
        try store.begin()
        begun = true
      }
      try store.saveStreamed(changed)
    }
    // A calendar on disk published from the same inputs (the same events, span, program, libical
    // and tzdata) is left as it is, unbuilt: most nights change nothing in it, and its VTIMEZONE
    // and checks are a tenth of an unchanged run.
    var inputs = Self.inputDigest(timeZone: clock.identifier, validFrom: validFrom, validUntil: validUntil)
    let published =
      inputs == nil
      ? nil : try store.setting(PublishedCalendar.settingKey).flatMap(PublishedCalendar.init(setting:))
    let reusable =
      published != nil
      && AtomicFileWriter.identity(ofRegularFile: outputs.currentPath(of: Self.calendarFileName))
        == published?.file
    func count(_ record: ReminderRecord, _ event: Event, _ change: RevisionChange) {
      inputs?.add(event)
      publication.alarms += event.alarms.count
      publication.counts[change, default: 0] += 1
      publication.changes?[record.uid] = change
    }
    func writeCalendar(_ calendarFile: FileSink, walking body: (BackgroundCalendarWriter) throws -> Void)
      throws
    {
      let calendar = try BackgroundCalendarWriter(
        timeZone: clock.identifier, validFrom: validFrom, validUntil: validUntil,
        to: { try calendarFile.write($0) })
      do {
        try body(calendar)
        try calendar.finish()
      } catch {
        calendar.abandon()
        throw error
      }
      publication.calendarBuilt = true
    }
    do {
      if reusable {
        try outputs.stage(as: Self.agendaFileName) { agendaFile in
          try agendaFile.write(agendaWriter.header(horizon: span))
          try walk(saveWeek) { record, change in
            let event = record.event(now: now)
            try agendaWriter.write(event, now: now) { try agendaFile.write($0) }
            count(record, event, change)
          }
        }
        if inputs?.value != published?.inputs {
          // Walked again for the calendar alone, as the vdir is.
          try outputs.stage(as: Self.calendarFileName) { calendarFile in
            try writeCalendar(calendarFile) { calendar in
              try walk(nil) { record, _ in try calendar.write(record.event(now: now)) }
            }
          }
        }
      } else {
        // Streamed to both files, an event at a time: neither output is ever held whole in
        // memory. The calendar is written on a second thread while this one walks the records
        // and writes the agenda.
        try outputs.stage(as: Self.calendarFileName, and: Self.agendaFileName) { calendarFile, agendaFile in
          try writeCalendar(calendarFile) { calendar in
            try agendaFile.write(agendaWriter.header(horizon: span))
            try walk(saveWeek) { record, change in
              let event = record.event(now: now)
              try calendar.write(event)
              try agendaWriter.write(event, now: now) { try agendaFile.write($0) }
              count(record, event, change)
            }
          }
        }
      }
      // What the calendar on disk will be made of once the files are in place, and the file it
      // will be: its staged temporary, whose identity the rename keeps, or the file already
      // there when its bytes were the same.
      let publishing =
        publication.calendarBuilt
        ? inputs.flatMap { inputs in
          AtomicFileWriter.identity(ofRegularFile: outputs.currentPath(of: Self.calendarFileName)).map {
            PublishedCalendar(inputs: inputs.value, file: $0)
          }
        } : nil
      CrashPoint.reach("after-staging")
      try outputs.commit {
        try save()
        if let publishing, publishing != published {
          try store.setSetting(PublishedCalendar.settingKey, publishing.setting)
          // The zone it was written in, for the next commands' zone check.
          if let zone = WritableZone(zone: clock.timeZone.name),
            try store.setting(WritableZone.settingKey) != zone.setting
          {
            try store.setSetting(WritableZone.settingKey, zone.setting)
          }
        }
        if begun { try store.commit() }
      }
    } catch {
      // The first error is the one to report; a rollback that fails too leaves the transaction
      // to SQLite, which drops it when the command's connection closes.
      try? store.rollback()
      throw error
    }
    // The sinks after the commit: what failed there is reported, never thrown, for the store
    // and both files are committed and a throw would tell the user the command did nothing.
    func sink(_ name: String, _ body: () throws -> Void) {
      do {
        try body()
      } catch {
        publication.sinkFailures.append(
          SinkFailure(
            sink: name, message: ExitStatus.message(for: error, workspace.words),
            exitCode: ExitStatus.code(for: error)))
      }
    }
    // Read back only when a crontab block is installed and needs it.
    sink("crontab block") {
      try AgendaInstaller(workspace: workspace).refresh(store: store) {
        try String(contentsOfFile: publication.agendaPath, encoding: .utf8)
      }
    }
    if let vdir = workspace.vdirPath {
      // After the store: a crash in between leaves the vdir a night behind, and the next
      // command, which rewrites every item, catches it up. Walked again a week at a time, each
      // item written as it comes: memory stays flat here too.
      sink("vdir \(vdir)") {
        let itemWriter = try ICSItemWriter(
          timeZone: clock.identifier, validFrom: validFrom, validUntil: validUntil)
        var items = try VdirWriter(directory: vdir).begin()
        try walk(nil) { record, _ in
          let event = record.event(now: now)
          guard event.status == .confirmed && event.end > now else { return }
          try items.put(event.uid, try itemWriter.item(event))
        }
        try items.finish()
      }
    }
    if noticingSinkFailures {
      for failure in publication.sinkFailures {
        workspace.notices.add(workspace.words.error(failure.line(workspace.words)))
      }
    }
    return publication
  }
}
