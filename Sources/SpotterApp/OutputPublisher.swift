import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// Writes what a command changed: both output files and the store as one unit, then an
/// installed crontab block and the vdir. Every writing command ends here; it calls nothing back.
public struct OutputPublisher: Sendable {
  public static let calendarFileName = "spotter.ics"
  public static let agendaFileName = "agenda.crontab"
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Every stored reminder from today on, `changed` in place of their stored revisions, in the
  /// outputs' order.
  public func storedRecords(store: Store, replacing changed: [ReminderRecord]) throws -> [ReminderRecord] {
    RunPlanner.merged(stored: try store.reminders(from: workspace.today), revised: changed).records
  }

  /// Renders `records` (every reminder from today on) into both outputs and commits them with
  /// `save` as one unit (``OutputTransaction``), then brings an installed crontab block up to date.
  ///
  /// Both files are rendered and flushed to temporaries before anything is saved, so an
  /// unwritable or full output directory leaves store and files as they were.
  public func publish(
    records: [ReminderRecord], store: Store, outputDirectory: String, save: () throws -> Void
  ) throws -> (calendar: String, agenda: String) {
    let clock = workspace.clock
    let today = workspace.today
    let now = workspace.now
    // Streamed to both files, an event at a time: neither output is ever held whole in memory.
    let events = records.lazy.map { $0.event(now: now) }
    let lastDate = records.lazy.map { clock.localDate($0.end) }.max() ?? today
    let span = Horizon(start: today, days: today.days(until: lastDate) + 1)
    // The VTIMEZONE covers the span with a day's margin on both sides for clients that display
    // the neighbouring days.
    let validFrom = clock.startOfDay(span.start.adding(days: -1))
    let validUntil = clock.startOfDay(span.end.adding(days: 1))
    let agendaWriter = workspace.agendaWriter
    try OutputTransaction.recover(directory: outputDirectory)
    var outputs = OutputTransaction(directory: outputDirectory)
    try outputs.stage(as: Self.calendarFileName) { file in
      try ICSWriter().write(
        events: events, timeZone: clock.identifier, validFrom: validFrom, validUntil: validUntil,
        to: { try file.write($0) })
    }
    try outputs.stage(as: Self.agendaFileName) { file in
      try agendaWriter.write(events: events, horizon: span, now: now) { try file.write($0) }
    }
    CrashPoint.reach("after-staging")
    try outputs.commit(save)
    let calendarPath = outputDirectory + "/" + Self.calendarFileName
    let agendaPath = outputDirectory + "/" + Self.agendaFileName
    // Read back only when a crontab block is installed and needs it.
    try AgendaInstaller(workspace: workspace).refresh(store: store) {
      try String(contentsOfFile: agendaPath, encoding: .utf8)
    }
    if let vdir = workspace.vdirPath {
      // After the store: a crash in between leaves the vdir a night behind, and the next
      // command, which rewrites every item, catches it up.
      var items: [String: String] = [:]
      for event in events where event.status == .confirmed && event.end > now {
        items[event.uid] = try ICSWriter().write(
          events: [event], timeZone: clock.identifier, validFrom: validFrom, validUntil: validUntil)
      }
      try VdirWriter(directory: vdir).sync(items)
    }
    return (calendarPath, agendaPath)
  }
}
