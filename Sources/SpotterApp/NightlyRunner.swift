import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// The nightly one-shot: import, learn, plan, reconcile with the last run, write the outputs.
public struct NightlyRunner: Sendable {
  public static let calendarFileName = "spotter.ics"
  public static let agendaFileName = "agenda.crontab"
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Imports the files in one transaction, after all of them parsed.
  public func importHistories(_ paths: [String], into store: Store) throws -> [FileImport] {
    let files = try workspace.readHistories(paths)
    let summaries = try store.importBatches(files.map(\.sessions))
    return zip(files, summaries).map { file, summary in
      FileImport(path: file.path, format: file.format, sessions: file.sessions.count, summary: summary)
    }
  }

  /// The pattern learned from the store, as of today.
  public func pattern(store: Store) throws -> TrainingPattern {
    PatternLearner().learn(from: try store.sessions(), today: workspace.today, clock: workspace.clock)
  }

  /// Learns and plans `horizon` from the store, and reconciles with the reminders it remembers.
  public func plan(store: Store, horizon: Horizon) throws -> PlanOutcome {
    let sessions = try store.sessions()
    let pattern = PatternLearner().learn(from: sessions, today: workspace.today, clock: workspace.clock)
    let plan = ReminderPlanner(settings: workspace.settings).plan(
      sessions: sessions, pattern: pattern, horizon: horizon, now: workspace.now)
    let stored = try store.reminders(from: horizon.start, to: horizon.end)
    let result = ReminderReconciler().reconcile(
      planned: plan.reminders, stored: stored, horizon: horizon, now: workspace.now)
    let storedByUID = Dictionary(stored.map { ($0.uid, $0) }, uniquingKeysWith: { $1 })
    var changes: [String: String] = [:]
    for record in result.records {
      guard let old = storedByUID[record.uid] else {
        changes[record.uid] = "new"
        continue
      }
      if old.sequence == record.sequence {
        changes[record.uid] = "unchanged"
      } else {
        changes[record.uid] = record.status == .cancelled ? "cancelled" : "changed"
      }
    }
    return PlanOutcome(
      pattern: pattern, plan: plan, records: result.records, changed: result.changed,
      changes: changes, events: result.records.map { $0.event(now: workspace.now) })
  }

  /// The whole nightly job; bad input fails before the store or any output is touched.
  public func run(histories: [String], horizon: Horizon, outputDirectory: String) throws -> RunReport {
    let store = try workspace.openStore()
    let imports = try importHistories(histories, into: store)
    let outcome = try plan(store: store, horizon: horizon)
    let clock = workspace.clock
    // The VTIMEZONE covers the horizon with a day's margin on both sides for clients that
    // display the neighbouring days.
    let calendar = try ICSWriter().write(
      events: outcome.events, timeZone: clock.identifier,
      validFrom: clock.startOfDay(horizon.start.adding(days: -1)),
      validUntil: clock.startOfDay(horizon.end.adding(days: 1)))
    let agenda = CrontabWriter(
      commandTemplate: workspace.settings.agendaCommand,
      cronZone: workspace.settings.agendaTimeZone ?? workspace.machineTimeZone,
      calendarZone: workspace.settings.timeZone
    ).write(events: outcome.events, horizon: horizon, now: workspace.now)
    try store.save(outcome.changed)
    let calendarPath = outputDirectory + "/" + Self.calendarFileName
    let agendaPath = outputDirectory + "/" + Self.agendaFileName
    try AtomicFileWriter.write(calendar, to: calendarPath)
    try AtomicFileWriter.write(agenda, to: agendaPath)
    return RunReport(
      imports: imports, horizon: horizon, reminders: outcome.plan.reminders.count,
      alarms: outcome.events.reduce(0) { $0 + $1.alarms.count }, changes: outcome.changes,
      calendarPath: calendarPath, agendaPath: agendaPath)
  }

}
