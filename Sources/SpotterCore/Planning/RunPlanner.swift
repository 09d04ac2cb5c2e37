import Foundation

/// The one planning pass every writing command and every preview makes: from one snapshot of
/// the store and one overrides value, it learns once, plans once and reconciles, and returns the
/// typed change of every UID. It reads and writes nothing.
///
/// One plan covers today through the later of the horizon's end and the follow-ups' lookahead;
/// the horizon, the follow-ups' upcoming sessions and "is one of today's reminders still ahead"
/// are all read off it, so no two parts of a run can see one day differently.
public struct RunPlanner: Sendable {
  public let settings: Settings
  public let now: Date
  public let clock: ZoneClock
  /// The learner's constants: the standard ones but in a backtest's cross-validation.
  public let parameters: LearningParameters

  /// How far ahead an overload suggestion looks for the next session with its lift.
  public static let lookaheadDays = 14

  public init(settings: Settings, now: Date, clock: ZoneClock, parameters: LearningParameters = .standard) {
    self.settings = settings
    self.now = now
    self.clock = clock
    self.parameters = parameters
  }

  public var today: LocalDate { clock.localDate(now) }

  /// The earliest day a plan of `request` touches: what the snapshot must hold reminders from.
  public func firstDay(of request: HorizonRequest) -> LocalDate {
    switch request {
    case .from(let start, _): return min(today, start)
    case .coming: return today
    }
  }

  /// Learns, plans and reconciles `request`.
  ///
  /// The outputs carry every remembered reminder from today on, not just this horizon's: a block
  /// planned for next week, or a reminder a `--days 7` run made, stays in the file until it is
  /// past, whichever command writes the file next. Snoozes and done marks are applied to the
  /// fresh plan, so a re-plan keeps them.
  public func plan(
    _ snapshot: PlanSnapshot, overrides: PlanOverrides = .none, request: HorizonRequest
  ) -> PlanOutcome {
    var sessions = snapshot.sessions
    if let mark = overrides.mark, let index = sessions.firstIndex(where: { $0.id == mark.id }) {
      sessions[index].mark(
        mark.state, at: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
    }
    let actions = overrides.actions ?? snapshot.actions
    let skipped = overrides.skipped ?? snapshot.skipped
    let first = firstDay(of: request)
    let reactions = reactions(snapshot, skipped: skipped, actions: actions)
    let stored = stored(snapshot, sessions: sessions, reactions: reactions)
    let (pattern, span) = ReminderPlanner(settings: settings).learnAndPlan(
      sessions: sessions, reactions: reactions,
      horizon: Horizon(start: first, days: first.days(until: spanEnd(of: request))), now: now,
      skipped: skipped, actions: actions, parameters: parameters, learned: stored.pattern)
    let horizon = resolve(request, in: span)
    let plan = span.restricted(to: horizon)

    let followUps = FollowUpPlanner(settings: settings).plan(
      sessions: sessions, pattern: pattern,
      upcoming: span.restricted(to: Horizon(start: today, days: Self.lookaheadDays)).sessions,
      known: Dictionary(snapshot.knownFollowUps.map { ($0.uid, $0) }, uniquingKeysWith: { $1 }),
      achievements: snapshot.announcedAchievements, storedKeys: snapshot.achievementKeys, now: now,
      achievementCursor: snapshot.achievementCursor, plateauCursor: snapshot.plateauCursor,
      achievementsUnread: snapshot.achievementsUnread, withSets: snapshot.withSets)
    let followUpReminders = ReminderAction.apply(actions, to: followUps.reminders)
    // Focus alerts are planned from today whatever the horizon, and at least as far as it.
    let focusWindow = Horizon(
      start: today, days: max(settings.focus.horizonDays, today.days(until: horizon.end)))
    let focusPlanner = FocusAlertPlanner(
      minutesBefore: settings.focus.minutesBefore, language: settings.language)
    let blocks = overrides.blocks ?? snapshot.focusBlocks
    // One-off blocks here; the repeating ones' alerts, a week at a time, in the stream.
    let focus = ReminderAction.apply(
      actions,
      to: focusPlanner.reminders(
        for: blocks.filter { $0.recurrence == nil }, dates: focusWindow.start..<focusWindow.end, now: now,
        clock: clock))
    let repeatingFocus = FocusAlertStream(
      snapshot: snapshot, planner: focusPlanner, blocks: blocks, actions: actions, window: focusWindow,
      now: now, clock: clock)

    let reconciler = ReminderReconciler()
    let workouts = reconciler.reconcile(
      planned: plan.reminders, stored: snapshot.stored.filter { $0.kind == .workout || $0.kind == .restDay },
      horizon: horizon, now: now)
    // Follow-ups are reconciled with every stored one, whatever its date, so one fired days ago
    // stays history; only those from `first` on go into the outputs.
    let events = reconciler.reconcile(
      planned: followUpReminders, stored: snapshot.knownFollowUps, horizon: horizon, now: now)
    let alerts = reconciler.reconcile(
      planned: focus, stored: snapshot.stored.filter { $0.kind == .focusBlock }, horizon: focusWindow,
      now: now, earlierSequences: snapshot.earlierSequences)
    // A reminder a change of zone dated into the past, still ahead and not planned again under
    // its UID, is cancelled: left out, a calendar would keep its alarm.
    var orphaned: [ReminderRecord] = []
    if !snapshot.orphaned.isEmpty {
      let planned = Set(plan.reminders.map(\.uid) + focus.map(\.uid) + followUpReminders.map(\.uid))
      orphaned = snapshot.orphaned.filter { $0.status == .confirmed && !planned.contains($0.uid) }
        .map { $0.cancelled(at: reconciler.stamp(now)) }
    }
    let (records, changes) = Self.merged(
      stored: snapshot.stored + snapshot.orphaned,
      revised: workouts.records + alerts.records + orphaned
        + events.records.filter { $0.date >= first || events.changed.contains($0) })
    return PlanOutcome(
      pattern: pattern, plan: plan, focus: focus, followUps: followUpReminders,
      findings: RunFindings(
        achievements: followUps.newAchievements, abandoned: followUps.abandoned, at: now,
        // Only a cursor that moved is saved: an unchanged night encodes and writes neither.
        achievementCursor: followUps.achievementCursor == snapshot.achievementCursor
          ? nil : followUps.achievementCursor,
        plateauCursor: followUps.plateauCursor == snapshot.plateauCursor ? nil : followUps.plateauCursor,
        // Only a newly learned pattern is saved, so a reused one is not even encoded again.
        learned: stored.pattern == nil ? LearnedPattern(key: stored.key, pattern: pattern) : nil),
      records: records, changedWorkouts: workouts.changed + orphaned.filter { $0.kind != .focusBlock },
      changedFocus: alerts.changed + orphaned.filter { $0.kind == .focusBlock },
      changedFollowUps: events.changed, changes: changes, repeatingFocus: repeatingFocus, now: now,
      needsStoredAchievements: followUps.needsStoredAchievements, needsSets: followUps.needsSets)
  }

  /// The pattern and the workout and rest-day plan of `horizon` alone: the first step of
  /// ``plan(_:overrides:request:)``, from the same reactions, snoozes and skips, for the
  /// backtest, which replays it night by night and scores nothing else.
  ///
  /// A pattern stored in the snapshot is reused only when its key matches, as in a run; without
  /// one, no key is computed.
  public func workouts(_ snapshot: PlanSnapshot, horizon: Horizon) -> (pattern: TrainingPattern, plan: Plan) {
    let reactions = reactions(snapshot, skipped: snapshot.skipped, actions: snapshot.actions)
    let learned =
      snapshot.learned == nil
      ? nil : stored(snapshot, sessions: snapshot.sessions, reactions: reactions).pattern
    return ReminderPlanner(settings: settings).learnAndPlan(
      sessions: snapshot.sessions, reactions: reactions, horizon: horizon, now: now,
      skipped: snapshot.skipped,
      actions: snapshot.actions, parameters: parameters, learned: learned)
  }

  /// The UIDs of the one-off focus blocks' alerts a plan of `request` may make that the
  /// snapshot holds no record of from its first day on: a new block's, or one moved from a past
  /// day, whose earlier revisions (``PlanSnapshot/earlierSequences``) are dated before it.
  ///
  /// Only these are looked up, so a night that plans the blocks it planned before asks nothing.
  public func undatedFocusUIDs(
    _ snapshot: PlanSnapshot, overrides: PlanOverrides = .none, request: HorizonRequest
  ) -> [String] {
    let blocks = (overrides.blocks ?? snapshot.focusBlocks).filter { $0.recurrence == nil }
    guard !blocks.isEmpty else { return [] }
    // The focus window of ``plan(_:overrides:request:)`` ends at the later of the focus horizon
    // and the plan's horizon, which the span's end bounds.
    let dates = today..<max(today.adding(days: settings.focus.horizonDays), spanEnd(of: request))
    let stored = Set(snapshot.stored.lazy.filter { $0.kind == .focusBlock }.map(\.uid))
    return blocks.flatMap { $0.occurrences(in: dates, clock: clock) }.map(\.uid).filter {
      !stored.contains($0)
    }
  }

  /// The first day after the span a plan of `request` covers: the horizon's end, or the end of
  /// the follow-ups' lookahead when that is later.
  func spanEnd(of request: HorizonRequest) -> LocalDate {
    let end: LocalDate
    switch request {
    case .from(let start, let count): end = Horizon(start: start, days: count).end
    // Tomorrow and the days after, or today and as many: either way the same end.
    case .coming(let count): end = today.adding(days: max(1, count) + 1)
    }
    return max(end, today.adding(days: Self.lookaheadDays))
  }

  /// Every stored record with `revised` in place of its stored revision, in the outputs' order,
  /// and each one's change against what was stored.
  ///
  /// One dictionary is filled in place: a run may carry a hundred thousand focus alerts, and a
  /// copy of it was a tenth of the run's memory.
  public static func merged(stored: [ReminderRecord], revised: [ReminderRecord]) -> (
    records: [ReminderRecord], changes: [String: RevisionChange]
  ) {
    // Sized for the larger list alone: on a night like the last, the revised records are the
    // stored ones.
    var latest: [String: ReminderRecord] = [:]
    latest.reserveCapacity(max(stored.count, revised.count))
    for record in stored { latest[record.uid] = record }
    var changes: [String: RevisionChange] = [:]
    changes.reserveCapacity(max(latest.count, revised.count))
    for record in revised { changes[record.uid] = RevisionChange(from: latest[record.uid], to: record) }
    for record in revised { latest[record.uid] = record }
    for uid in latest.keys where changes[uid] == nil { changes[uid] = .unchanged }
    let records = latest.values.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
    return (records, changes)
  }

  /// The pattern learned from the snapshot, as of today.
  public func pattern(_ snapshot: PlanSnapshot) -> TrainingPattern {
    let reactions = reactions(snapshot, skipped: snapshot.skipped, actions: snapshot.actions)
    return stored(snapshot, sessions: snapshot.sessions, reactions: reactions).pattern
      ?? PatternLearner(leadMinutes: settings.reminders.leadMinutes, parameters: parameters).learn(
        from: snapshot.sessions, reactions: reactions, now: now, clock: clock)
  }

  /// The key of what today's pattern of `sessions` and `reactions` is learned from, and the
  /// snapshot's stored pattern when it was learned from exactly these (``LearnedPattern``).
  func stored(_ snapshot: PlanSnapshot, sessions: [Session], reactions: [ReminderReaction]) -> (
    key: String, pattern: TrainingPattern?
  ) {
    let key = LearnedPattern.key(
      learner: PatternLearner(leadMinutes: settings.reminders.leadMinutes, parameters: parameters),
      sessions: sessions,
      reactions: reactions, now: now, clock: clock)
    return (key, snapshot.learned?.key == key ? snapshot.learned?.pattern : nil)
  }

  /// What the person did with the workout reminders of the snapshot's reaction window.
  func reactions(_ snapshot: PlanSnapshot, skipped: Set<LocalDate>, actions: [String: ReminderAction])
    -> [ReminderReaction]
  {
    ReminderReaction.collect(
      reminders: snapshot.reactionReminders, actions: actions, deliveries: snapshot.deliveries,
      skipped: skipped.filter { $0 >= today.adding(days: -PlanSnapshot.reactionDays) && $0 < today })
  }

  /// The days `request` asks for, read off the plan of the whole span.
  ///
  /// For ``HorizonRequest/coming(count:)``, today joins tomorrow's horizon when one of its
  /// planned reminders (a workout or a rest day) still fires after now, snoozes and skips
  /// applied; one that fired already is left as it is, neither revised nor cancelled.
  func resolve(_ request: HorizonRequest, in span: Plan) -> Horizon {
    switch request {
    case .from(let start, let count):
      return Horizon(start: start, days: count)
    case .coming(let count):
      let ahead = span.reminders.contains { $0.date == today && $0.fire > now }
      return ahead
        ? Horizon(start: today, days: count + 1) : Horizon(start: today.adding(days: 1), days: count)
    }
  }
}
