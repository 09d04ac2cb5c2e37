import Foundation
import SpotterCore
import SpotterIO

/// Delivers reminders at fire time: `spotter fire UID` from an agenda line, and the catch-up of
/// `spotter run` and `spotter catch-up` for fire times that passed while the machine slept.
///
/// Every outcome goes into the history. A delivery is claimed in the store before its notifier
/// starts, so cron firing a line twice, a catch-up racing a fire, or a crash mid-notifier never
/// delivers a reminder twice; a notifier that fails frees its claim for the next catch-up.
public struct FireService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  var guardRules: FireGuard {
    FireGuard(graceSeconds: workspace.settings.notify.graceMinutes * 60, clock: workspace.clock)
  }

  var commands: [String] { workspace.settings.notify.commands }

  /// The notifier commands by their history name.
  var commandsByChannel: [String: String] {
    Dictionary(commands.map { (NotifierRunner.channel(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The history from `days` days ago on, newest first.
  public func history(days: Int) throws -> [HistoryItem] {
    let since = workspace.now.addingTimeInterval(-TimeInterval(days * 86400))
    let stale = TimeInterval(workspace.settings.notify.timeoutSeconds + 60)
    return try workspace.store.read { try $0.deliveries(since: since) }.map {
      HistoryItem(
        $0, clock: workspace.clock,
        interrupted: $0.outcome == .pending && workspace.now.timeIntervalSince($0.at) > stale)
    }
  }

  /// Re-checks the reminder `uid` and, if it still holds, runs the notifiers.
  ///
  /// The lock is held while deciding and claiming and again while recording, but not while the
  /// notifiers run, so a slow `curl` never blocks the nightly run.
  public func fire(uid: String) throws -> FireResult {
    try workspace.store.requireStore()
    let note = freshen()
    let session = try workspace.store.session(existing: true)
    defer { session.release() }
    let (record, prepared) = try session.locked { store in
      let record = try ReminderActionService.reminder(uid, in: store)
      return (
        record, try prepare(record, store: store, now: workspace.now, marks: try Marks(store), note: note)
      )
    }
    let claims: [Delivery]
    let reason: String
    switch prepared {
    case .settled(let result): return result
    case .deliver(let open, let why): (claims, reason) = (open, why)
    }
    let results = session.unlocked { notify(record, claims: claims) }
    return try session.locked {
      try settle(record, claims: claims, results: results, reason: reason, store: $0)
    }
  }

  /// `spotter catch-up`: delivers what came due unseen, records what is past the grace window or
  /// stale.
  public func catchUp() throws -> [FireResult] {
    try workspace.store.requireStore()
    let note = freshen()
    let session = try workspace.store.session(existing: true)
    defer { session.release() }
    return try catchUp(on: session, note: note)
  }

  /// Before deciding "trained today": a quick sync of the live source, when one is configured
  /// (a few seconds at most, at most once every few minutes). When it cannot be reached the
  /// reminder is decided on what the store knows, never lost, and the history says so.
  func freshen() -> String? {
    let sync = SyncService(workspace: workspace)
    guard sync.isConfigured else { return nil }
    do {
      _ = try sync.sync(.quick)
      return nil
    } catch {
      return "live source not reached (\(ExitStatus.message(for: error))); decided on what the store knew"
    }
  }

  /// Catches up one reminder at a time: decides and claims it under the lock, runs its notifiers
  /// without the lock, and records how they did under the lock again.
  ///
  /// So a catch-up killed mid-way leaves at most the one reminder whose notifiers were running
  /// claimed (shown as interrupted); every other is still due for the next catch-up. And like
  /// ``fire(uid:)`` it never holds the lock while a notifier runs: a hanging notifier must not
  /// make every other command exit 75.
  func catchUp(on session: StoreSession, note: String? = nil) throws -> [FireResult] {
    let now = workspace.now
    let channels = commands.map(NotifierRunner.channel(of:))
    let (due, mark) = try session.locked {
      try $0.catchUpCandidates(firingBy: now, channels: channels)
    }
    var results: [FireResult] = []
    for uid in due {
      // Decided on the reminder as it is now: a fire or another catch-up may have settled it.
      let step = try session.locked { store -> (ReminderRecord, Prepared)? in
        guard let record = try store.reminder(uid: uid) else { return nil }
        return (record, try prepare(record, store: store, now: now, marks: try Marks(store), note: note))
      }
      switch step {
      case nil: continue
      case (_, .settled(let result))?: results.append(result)
      case (let record, .deliver(let claims, let reason))?:
        let outcomes = session.unlocked { notify(record, claims: claims) }
        CrashPoint.reach("after-notify")
        results.append(
          try session.locked {
            try settle(record, claims: claims, results: outcomes, reason: reason, store: $0)
          })
      }
    }
    // Every reminder due before now was looked at and concluded, and one that fired more than
    // a day ago is never delivered again, only concluded: two days back, every one is settled,
    // and the next catch-ups need not read them (a day in hand for a notifier still running).
    // Moved a week at a time, so an unchanged night writes nothing (and, knowing the mark it
    // read, does not even look).
    let settled = now.addingTimeInterval(-2 * Double(FireGuard.staleSeconds))
    let week = 7 * 86400.0
    if !channels.isEmpty, mark.map({ settled.timeIntervalSince($0) >= week }) ?? true {
      try session.locked {
        try $0.markCatchUpSettled(through: settled, channels: channels, advanceSeconds: week)
      }
    }
    return results
  }

  /// The user's snoozes, done marks and skipped days, read once per command.
  private struct Marks {
    var actions: [String: ReminderAction]
    var skipped: Set<LocalDate>

    init(_ store: Store) throws {
      actions = try store.actions()
      skipped = try store.skippedDays()
    }
  }

  private enum Prepared {
    case deliver(claims: [Delivery], reason: String)
    case settled(FireResult)
  }

  /// Decides, and records the decision: claims for a delivery, a history line otherwise.
  private func prepare(_ record: ReminderRecord, store: Store, now: Date, marks: Marks, note: String? = nil)
    throws -> Prepared
  {
    let action = marks.actions[record.uid]
    let round = action?.round ?? 0
    let history = try store.deliveries(uid: record.uid).filter { $0.round == round }
    let claimed = Set(history.filter { $0.outcome.claims }.compactMap(\.channel))
    let open = commands.filter { !claimed.contains(NotifierRunner.channel(of: $0)) }
    let state = try fireState(
      record, action: action, daySkipped: marks.skipped.contains(record.date), history: history, store: store)
    var decision = guardRules.decide(record, state: state, now: now)
    let last = history.last { $0.outcome.claims }
    switch decision {
    case .deliver where open.isEmpty:
      decision = .skip(
        reason: last.map { "already delivered at \(PlanView.local($0.at, workspace.clock))" }
          ?? "no notifiers configured")
    case .missed, .discard:
      // A reminder the catch-up delivered is not also missed when a late line looks at it after
      // the grace window: the history says one thing of one alarm.
      if let last {
        decision = .skip(reason: "already delivered at \(PlanView.local(last.at, workspace.clock))")
      }
    default: break
    }
    guard case .deliver(var reason) = decision else {
      let entry = Delivery(
        record, round: round, at: now, outcome: decision.outcome,
        reason: note.map { decision.reason + "; " + $0 } ?? decision.reason)
      // A repeat of the same conclusion for the same revision adds nothing to the history.
      if !history.contains(where: {
        $0.outcome == entry.outcome && $0.sequence == entry.sequence && $0.reason == entry.reason
      }) {
        try store.record([entry])
      }
      return .settled(
        FireResult(uid: record.uid, title: record.title, outcome: entry.outcome, reason: entry.reason))
    }
    if let note { reason += "; " + note }
    let claims = open.map {
      Delivery(
        record, round: round, channel: NotifierRunner.channel(of: $0), at: now, outcome: .pending,
        reason: reason)
    }
    try store.record(claims)
    return .deliver(claims: claims, reason: reason)
  }

  private func fireState(
    _ record: ReminderRecord, action: ReminderAction?, daySkipped: Bool, history: [Delivery], store: Store
  ) throws -> FireState {
    let clock = workspace.clock
    let day = clock.startOfDay(record.date)..<clock.startOfDay(record.date.adding(days: 1))
    let sessions = try store.sessions(startingIn: day)
    var finished = false
    if record.kind == .pausedWorkout, let id = record.entity {
      let session = try store.sessions(matching: id).first { $0.id == id }
      finished = session.map { $0.state == .completed } ?? true
    }
    return FireState(
      trainedOnDate: sessions.contains { $0.state == .completed },
      workoutInProgress: sessions.contains { $0.state.isUnfinished }, sessionFinished: finished,
      daySkipped: daySkipped, done: action?.doneAt != nil,
      failedBefore: history.contains { $0.outcome == .failed })
  }

  private func notify(_ record: ReminderRecord, claims: [Delivery]) -> [NotifierRunner.Result] {
    let runner = NotifierRunner(timeoutSeconds: workspace.settings.notify.timeoutSeconds)
    var values = NotifierRunner.values(of: record, clock: workspace.clock)
    // A focus alert delivered after its block began says so, not "starts in 5 minutes".
    if record.kind == .focusBlock, let block = record.summary,
      workspace.now >= record.start.addingTimeInterval(60)
    {
      let minutes = Int(workspace.now.timeIntervalSince(record.start) / 60)
      (values["title"], values["body"]) = FocusTexts(language: workspace.settings.language).started(
        blockTitle: block, minutesAgo: minutes)
    }
    let byChannel = commandsByChannel
    return claims.map { claim in runner.run(byChannel[claim.channel ?? ""] ?? "", values: values) }
  }

  private func settle(
    _ record: ReminderRecord, claims: [Delivery], results: [NotifierRunner.Result], reason: String,
    store: Store
  ) throws -> FireResult {
    try store.settle(
      claims,
      outcomes: results.map { ($0.succeeded ? .delivered : .failed, "\(reason); notifier \($0.reason)") },
      at: workspace.now)
    let failures = results.filter { !$0.succeeded }.map {
      "notifier '\(commandsByChannel[$0.channel] ?? $0.channel)': \($0.reason)"
    }
    let delivered = results.count - failures.count
    return FireResult(
      uid: record.uid, title: record.title, outcome: failures.isEmpty ? .delivered : .failed,
      reason: "\(reason), \(delivered) of \(results.count) notifiers succeeded", failures: failures)
  }
}
