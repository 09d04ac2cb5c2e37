import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// The nightly one-shot: import, learn, plan, reconcile with the last run, write the outputs.
public struct NightlyRunner: Sendable {
  public static let calendarFileName = OutputPublisher.calendarFileName
  public static let agendaFileName = OutputPublisher.agendaFileName
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Imports the files in one transaction, after all of them parsed.
  ///
  /// The files are read before the store is opened, so a bad file leaves no trace: not even an
  /// empty store at a new `--db` path.
  public func importHistories(_ paths: [String], strict: Bool = false) throws -> [FileImport] {
    let files = try HistoryReadingService(workspace: workspace).read(paths, strict: strict)
    return try workspace.store.write { try importFiles(files, into: $0) }
  }

  func importFiles(_ files: [ReadHistory], into store: Store) throws -> [FileImport] {
    // A night whose files are all unchanged opens no import transaction at all.
    guard !files.isEmpty else { return [] }
    let summaries = try store.importBatches(files.map(\.sessions))
    return zip(files, summaries).map { file, summary in
      FileImport(
        path: file.path, format: file.format, sessions: file.sessions.count, summary: summary,
        impossibleSets: file.impossibleSets, leftOutWorkouts: file.leftOutWorkouts)
    }
  }

  /// The pattern learned from the store, as of today; `reading` is shown the snapshot first.
  public func pattern(store: Store, reading: (PlanSnapshot) -> Void = { _ in }) throws -> TrainingPattern {
    let snapshot = try PlanSnapshot(
      store: store, first: workspace.today, now: workspace.now, clock: workspace.clock, sets: false)
    reading(snapshot)
    return planner.pattern(snapshot)
  }

  /// The planner of this invocation's settings, instant and zone.
  var planner: RunPlanner {
    RunPlanner(settings: workspace.settings, now: workspace.now, clock: workspace.clock)
  }

  /// Tells, among the notices for stderr, why nothing was learned when nothing was: an empty
  /// store, or sessions all older than the weeks the learner reads. Told from the snapshot a
  /// command plans from (``PlanSnapshot/newestCompletedStart``), so no command asks the store
  /// for it again: pass it as a plan's `reading`.
  func noticeHistoryAge(of snapshot: PlanSnapshot) {
    let now = workspace.now
    if let notice = HistoryAge.notice(
      newest: snapshot.newestCompletedStart, now: now, windowDays: PatternLearner().windowDays,
      clock: workspace.clock,
      language: workspace.settings.language)
    {
      workspace.notices.add(workspace.words.note(notice))
    }
  }

  /// Reads one snapshot of the store and plans `request` from it, with `overrides` in place of
  /// what a command is about to save (``RunPlanner``); `reading` is shown the snapshot first.
  public func plan(
    store: Store, request: HorizonRequest, overrides: PlanOverrides = .none,
    reading: (PlanSnapshot) -> Void = { _ in }
  ) throws -> PlanOutcome {
    let planner = planner
    var snapshot = try PlanSnapshot(
      store: store, first: planner.firstDay(of: request), now: workspace.now, clock: workspace.clock,
      onlyNeededSets: true)
    snapshot.earlierSequences = try store.sequences(
      of: planner.undatedFocusUIDs(snapshot, overrides: overrides, request: request), before: snapshot.first)
    reading(snapshot)
    let outcome = planner.plan(snapshot, overrides: overrides, request: request)
    guard outcome.needsSets || outcome.needsStoredAchievements else { return outcome }
    // Something the snapshot left unread was needed: a first run, an edited session or a
    // changed setting replays detection from the start. Both are read, for either asks for the
    // other's replay: stored achievements needed means detection replays, which reads sets.
    try snapshot.readAllSets(from: store)
    if snapshot.achievementsUnread { try snapshot.readStoredAchievements(from: store) }
    return planner.plan(snapshot, overrides: overrides, request: request)
  }

  /// The whole nightly job; bad input fails before the store or any output is touched.
  ///
  /// Between import and planning it catches up on reminders whose fire time passed unseen, with
  /// the sessions just imported, so a workout logged since then silences its reminder.
  /// `changesByUID` keeps every reminder's change in the report, for output that lists them; a
  /// run that only counts them keeps its memory flat in the number of reminders.
  public func run(
    histories: [String], horizon request: HorizonRequest, outputDirectory: String, catchUp: Bool = true,
    changesByUID: Bool = true
  ) throws -> RunReport {
    let fire = FireService(workspace: workspace)
    // A live source first, so that tonight learns from today. When it fails the run goes on from
    // the store, as it does past a bad export, and reports it.
    var syncFailures: [ImportFailure] = []
    var synced: SyncReport?
    do {
      let sync = SyncService(workspace: workspace)
      if sync.isConfigured { synced = try sync.sync(.thorough) }
    } catch {
      syncFailures.append(
        ImportFailure(
          source: SyncService.source, message: ExitStatus.message(for: error, workspace.words),
          exitCode: ExitStatus.code(for: error)))
    }
    // Named histories beat the config's sources, so a one-off run can import something else. A
    // bad or missing export must not cost tomorrow its reminders: the others are imported, the
    // plan is made from the store, and the failures are reported after the outputs are written.
    let reading = HistoryReadingService(workspace: workspace).readKeepingGoing(
      histories.isEmpty ? workspace.settings.importSources : histories)
    let session = try workspace.store.session()
    defer { session.release() }
    let imports = try session.locked { store in
      let imports = try importFiles(reading.files, into: store)
      // Kept only once the sessions are in: a failed import is parsed again next night.
      for (path, fingerprint) in reading.fingerprints.sorted(by: { $0.key < $1.key }) {
        try store.setSetting(Store.fingerprintKey(path), fingerprint)
      }
      return imports
    }
    // The notifiers run outside the locked parts, so a slow one never blocks other commands.
    let caughtUp = catchUp ? try fire.catchUp(on: session) : []
    return try session.locked { store in
      // The run's report keeps the post-commit sinks' failures, where they set its exit code.
      var change = StoreChange(store: store, workspace: workspace, outputDirectory: outputDirectory)
      change.noticingSinkFailures = false
      // The history's age is told from the snapshot's sessions, before anything else is
      // noticed: a query of its own cost 100,000 instructions of an unchanged batch user.
      let (outcome, written) = try change.plan(
        request, materialized: false, keepingChanges: changesByUID,
        reading: noticeHistoryAge(of:)
      ) {
        try store.save($0.changed, findings: $0.findings)
      }
      return RunReport(
        imports: imports, unchanged: reading.unchanged, failures: syncFailures + reading.failures,
        horizon: outcome.plan.horizon, reminders: outcome.plan.reminders.count,
        followUps: outcome.followUps.count, alarms: written.alarms, changes: written.changes ?? [:],
        changed: written.counts.filter { $0.key != .unchanged }.values.reduce(0, +),
        calendarPath: written.calendarPath, agendaPath: written.agendaPath, catchUp: caughtUp, sync: synced,
        sinkFailures: written.sinkFailures,
        noPatternYet: !ReminderPlanner(settings: workspace.settings).knowsRestDays(outcome.pattern))
    }
  }

}
