import Foundation
import SpotterCore
import SpotterICal
import SpotterIO

/// The nightly one-shot: import, learn, plan, reconcile with the last run, write the outputs.
public struct NightlyRunner: Sendable {
  public static let calendarFileName = OutputPublisher.calendarFileName
  public static let agendaFileName = OutputPublisher.agendaFileName
  /// How far ahead an overload suggestion looks for the next session with its lift.
  public static let lookaheadDays = 14
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Imports the files in one transaction, after all of them parsed.
  ///
  /// The files are read before the store is opened, so a bad file leaves no trace: not even an
  /// empty store at a new `--db` path.
  public func importHistories(_ paths: [String]) throws -> [FileImport] {
    let files = try HistoryReadingService(workspace: workspace).read(paths)
    return try workspace.store.write { try importFiles(files, into: $0) }
  }

  func importFiles(
    _ files: [(path: String, format: HistoryFormat, sessions: [PackedSession])], into store: Store
  ) throws -> [FileImport] {
    let summaries = try store.importBatches(files.map(\.sessions))
    return zip(files, summaries).map { file, summary in
      FileImport(path: file.path, format: file.format, sessions: file.sessions.count, summary: summary)
    }
  }

  /// The pattern learned from the store, as of today.
  public func pattern(store: Store) throws -> TrainingPattern {
    let (skipped, actions) = (try store.skippedDays(), try store.actions())
    return PatternLearner(leadMinutes: workspace.settings.reminders.leadMinutes).learn(
      from: try store.sessions(), reactions: try reactions(store: store, skipped: skipped, actions: actions),
      now: workspace.now, clock: workspace.clock)
  }

  /// Tells, among the notices for stderr, why nothing was learned when nothing was: an empty
  /// store, or sessions all older than the weeks the learner reads.
  public func noticeHistoryAge(store: Store) throws {
    let now = workspace.now
    let newest = try store.newestSessionStart(completedBy: now)
    if let notice = HistoryAge.notice(
      newest: newest, now: now, windowDays: PatternLearner().windowDays, clock: workspace.clock)
    {
      workspace.notices.add("note: \(notice)")
    }
  }

  /// Learns and plans `horizon` from the store, adds the focus block alerts, and reconciles both
  /// with the reminders it remembers.
  ///
  /// The outputs carry every remembered reminder from today on, not just this horizon's: a block
  /// planned for next week, or a reminder a `--days 7` run made, stays in the file until it is
  /// past, whichever command writes the file next. `blocks` replaces the stored focus blocks, for
  /// a `focus` command about to save its change.
  ///
  /// Snoozes and done marks are applied to the fresh plan, so a re-plan keeps them. `skipped`
  /// replaces the stored skipped days, for a `skip` command about to save its change.
  /// `mark` sets a session's state, for a `session` command about to save it.
  public func plan(
    store: Store, horizon: Horizon, blocks: [FocusBlock]? = nil, skipped: Set<LocalDate>? = nil,
    mark: (id: String, state: SessionState)? = nil, actions: [String: ReminderAction]? = nil
  ) throws -> PlanOutcome {
    let settings = workspace.settings
    let now = workspace.now
    let clock = workspace.clock
    let today = workspace.today
    // Only the past counts: a session dated after now (a clock set wrong, a planned workout
    // exported as done) neither silences a reminder, nor teaches, nor earns a record.
    var sessions = try store.sessions(includeSets: true).filter { $0.start <= now }
    if let mark, let index = sessions.firstIndex(where: { $0.id == mark.id }) {
      sessions[index].mark(
        mark.state, at: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
    }
    let actions = try actions ?? store.actions()
    let skipped = try skipped ?? store.skippedDays()
    let (pattern, plan) = learnAndPlan(
      sessions: sessions, reactions: try reactions(store: store, skipped: skipped, actions: actions),
      horizon: horizon, skipped: skipped, actions: actions)
    let planner = ReminderPlanner(settings: settings)
    let knownFollowUps = try store.reminders(kinds: ReminderKind.allCases.filter(\.followsEvents))
    let followUps = FollowUpPlanner(settings: settings).plan(
      sessions: sessions, pattern: pattern,
      upcoming: planner.plan(
        sessions: sessions, pattern: pattern, horizon: Horizon(start: today, days: Self.lookaheadDays),
        now: now,
        skipped: skipped
      ).sessions,
      known: Dictionary(knownFollowUps.map { ($0.uid, $0) }, uniquingKeysWith: { $1 }),
      achievements: try store.achievements(announcedOnly: true), storedKeys: try store.achievementKeys(),
      now: now,
      achievementCursor: try store.achievementCursor(), plateauCursor: try store.plateauCursor())
    let followUpReminders = ReminderAction.apply(actions, to: followUps.reminders)
    let focusWindow = Horizon(
      start: today, days: max(settings.focus.horizonDays, today.days(until: horizon.end)))
    let focus = ReminderAction.apply(
      actions,
      to: FocusAlertPlanner(minutesBefore: settings.focus.minutesBefore, language: settings.language)
        .reminders(
          for: try blocks ?? store.focusBlocks(), dates: focusWindow.start..<focusWindow.end, now: now,
          clock: clock))
    let first = min(today, horizon.start)
    let stored = try store.reminders(from: first)
    let reconciler = ReminderReconciler()
    let workouts = reconciler.reconcile(
      planned: plan.reminders, stored: stored.filter { $0.kind == .workout || $0.kind == .restDay },
      horizon: horizon, now: now)
    // Follow-ups are reconciled with every stored one, whatever its date, so one fired days ago
    // stays history; only those from today on go into the outputs.
    let events = reconciler.reconcile(
      planned: followUpReminders, stored: knownFollowUps, horizon: horizon, now: now)
    let eventRecords = events.records.filter { $0.date >= first || events.changed.contains($0) }
    let alerts = reconciler.reconcile(
      planned: focus, stored: stored.filter { $0.kind == .focusBlock }, horizon: focusWindow, now: now)
    let storedByUID = Dictionary(stored.map { ($0.uid, $0) }, uniquingKeysWith: { $1 })
    var latest = storedByUID
    for record in workouts.records + alerts.records + eventRecords { latest[record.uid] = record }
    let records = latest.values.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
    let changes = Dictionary(
      uniqueKeysWithValues: records.map { ($0.uid, RevisionChange(from: storedByUID[$0.uid], to: $0)) })
    return PlanOutcome(
      pattern: pattern, plan: plan, focus: focus, followUps: followUpReminders,
      findings: RunFindings(
        achievements: followUps.newAchievements, abandoned: followUps.abandoned, at: now,
        achievementCursor: followUps.achievementCursor, plateauCursor: followUps.plateauCursor),
      records: records, changed: workouts.changed + alerts.changed + events.changed, changes: changes,
      events: records.map { $0.event(now: now) })
  }

  /// The whole nightly job; bad input fails before the store or any output is touched.
  ///
  /// Between import and planning it catches up on reminders whose fire time passed unseen, with
  /// the sessions just imported, so a workout logged since then silences its reminder.
  public func run(
    histories: [String], horizon request: HorizonRequest, outputDirectory: String, catchUp: Bool = true
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
          source: SyncService.source, message: ExitStatus.message(for: error),
          exitCode: ExitStatus.code(for: error)))
    }
    // Named histories beat the config's sources, so a one-off run can import something else. A
    // bad or missing export must not cost tomorrow its reminders: the others are imported, the
    // plan is made from the store, and the failures are reported after the outputs are written.
    let reading = HistoryReadingService(workspace: workspace).readKeepingGoing(
      histories.isEmpty ? workspace.settings.importSources : histories)
    let (store, imports) = try workspace.store.write { store in
      let imports = try importFiles(reading.files, into: store)
      // Kept only once the sessions are in: a failed import is parsed again next night.
      for (path, fingerprint) in reading.fingerprints.sorted(by: { $0.key < $1.key }) {
        try store.setSetting(Store.fingerprintKey(path), fingerprint)
      }
      return (store, imports)
    }
    // The notifiers run outside the locked parts, so a slow one never blocks other commands.
    let caughtUp = catchUp ? try fire.catchUp(on: store) : []
    return try workspace.store.write(again: store) { store in
      let horizon = try resolve(request, store: store)
      let outcome = try plan(store: store, horizon: horizon)
      try noticeHistoryAge(store: store)
      let (calendarPath, agendaPath) = try write(outcome, store: store, outputDirectory: outputDirectory)
      return RunReport(
        imports: imports, unchanged: reading.unchanged, failures: syncFailures + reading.failures,
        horizon: horizon,
        reminders: outcome.plan.reminders.count,
        followUps: outcome.followUps.count,
        alarms: outcome.events.reduce(0) { $0 + $1.alarms.count }, changes: outcome.changes,
        calendarPath: calendarPath, agendaPath: agendaPath, catchUp: caughtUp, sync: synced)
    }
  }

  /// The days `request` asks for, as seen now with what the store holds.
  ///
  /// For ``HorizonRequest/coming(count:)``, today joins tomorrow's horizon when one of its
  /// planned reminders (a workout or a rest day) still fires after now, snoozes and skips
  /// applied; one that fired already is left as it is, neither revised nor cancelled. Focus
  /// alerts are planned from today whatever the horizon.
  public func resolve(_ request: HorizonRequest, store: Store) throws -> Horizon {
    let today = workspace.today
    switch request {
    case .from(let start, let count):
      return Horizon(start: start, days: count)
    case .coming(let count):
      // Today's workout and rest-day reminders alone: sessions without sets, no follow-ups, no
      // reconciling. Snoozes move their fire time, so actions apply.
      let now = workspace.now
      let (skipped, actions) = (try store.skippedDays(), try store.actions())
      let (_, todayOnly) = learnAndPlan(
        sessions: try store.sessions().filter { $0.start <= now },
        reactions: try reactions(store: store, skipped: skipped, actions: actions),
        horizon: Horizon(start: today, days: 1), skipped: skipped, actions: actions)
      let ahead = todayOnly.reminders.contains { $0.date == today && $0.fire > now }
      return ahead
        ? Horizon(start: today, days: count + 1) : Horizon(start: today.adding(days: 1), days: count)
    }
  }

  /// The pattern learned from `sessions` and the workout and rest-day reminders of `horizon`,
  /// with snoozes and done marks applied: the step `plan`, `resolve` and the backtest share.
  private func learnAndPlan(
    sessions: [Session], reactions: [ReminderReaction], horizon: Horizon, skipped: Set<LocalDate>,
    actions: [String: ReminderAction]
  ) -> (TrainingPattern, Plan) {
    ReminderPlanner(settings: workspace.settings).learnAndPlan(
      sessions: sessions, reactions: reactions, horizon: horizon, now: workspace.now, skipped: skipped,
      actions: actions)
  }

  /// What the person did with the workout reminders of the last eight weeks: more than the
  /// learner reads (a weekday's last four reminded days), and bounded.
  func reactions(store: Store, skipped: Set<LocalDate>, actions: [String: ReminderAction]) throws
    -> [ReminderReaction]
  {
    let from = workspace.today.adding(days: -8 * 7)
    return ReminderReaction.collect(
      reminders: try store.reminders(kinds: [.workout]).filter {
        $0.date >= from && $0.date < workspace.today
      },
      actions: actions,
      deliveries: try store.deliveries(since: workspace.clock.startOfDay(from.adding(days: -1))),
      skipped: skipped.filter { $0 >= from && $0 < workspace.today })
  }

  /// Saves the outcome's new revisions (and the focus block changes behind them) in one
  /// transaction, then replaces both output files atomically.
  public func write(
    _ outcome: PlanOutcome, store: Store, outputDirectory: String, focusUpserts: [FocusBlock] = [],
    focusDeletes: [String] = []
  ) throws -> (calendar: String, agenda: String) {
    try OutputPublisher(workspace: workspace).publish(
      records: outcome.records, store: store, outputDirectory: outputDirectory
    ) {
      try store.save(
        outcome.changed, focusUpserts: focusUpserts, focusDeletes: focusDeletes, findings: outcome.findings)
    }
  }

}
