import Foundation
import SpotterCore
import SpotterIO

extension PlanSnapshot {
  /// Reads the snapshot for a plan whose earliest day is `first`, in one read transaction: one
  /// state of the store, and one BEGIN and COMMIT for all of it.
  ///
  /// - Parameters:
  ///   - sets: whether sessions carry their sets, which the follow-ups (records, overload
  ///     suggestions, paused workouts) read and the learner does not: `spotter pattern` leaves
  ///     them out.
  ///   - onlyNeededSets: with `sets`, read only the sets the follow-ups are likely to need
  ///     (``PlanSnapshot/withSets``).
  public init(
    store: Store, first: LocalDate, now: Date, clock: ZoneClock, sets: Bool = true,
    onlyNeededSets: Bool = false
  ) throws {
    let today = clock.localDate(now)
    let from = today.adding(days: -Self.reactionDays)
    self = try store.reading {
      let followUps = ReminderKind.allCases.filter(\.followsEvents)
      let kept = try store.reminders(kinds: followUps, plus: .workout, in: from..<today)
      // The sessions come in start order, so those not begun by now are its end, cut off in
      // place: a filtered copy retained and released every field of every session.
      var sessions = try store.sessions(includeSets: sets && !onlyNeededSets)
      let reminders = try store.reminders(from: first, unstartedAfter: now, besideDatedFocusAlerts: true)
      if let future = sessions.firstIndex(where: { $0.start > now }) { sessions.removeSubrange(future...) }
      var snapshot = PlanSnapshot(
        sessions: sessions,
        actions: try store.actions(), skipped: try store.skippedDays(), focusBlocks: try store.focusBlocks(),
        stored: reminders.from, focusAlerts: store, first: first,
        datedFocusBounds: try store.datedFocusAlertBounds(from: first),
        knownFollowUps: kept.filter { followUps.contains($0.kind) },
        reactionReminders: kept.filter { $0.kind == .workout },
        deliveries: try store.deliveries(since: clock.startOfDay(from.adding(days: -1))),
        announcedAchievements: try store.achievements(announcedOnly: true),
        plateauCursor: try store.plateauCursor(), learned: try store.learnedPattern())
      // The stored achievements are left unread when their cursor covers every completed
      // session: detection has nothing to do then (``PlanSnapshot/achievementsUnread``).
      // Detection reads the completed sessions (``AchievementDetector/ordered(_:)``); counted
      // here without ordering them.
      let completed = snapshot.sessions.reduce(0) { $1.state == .completed ? $0 + 1 : $0 }
      if let head = try store.achievementCursorHead(), head.sessions == completed {
        snapshot.achievementCursor = ProgressCursor(
          sessions: head.sessions, digest: head.digest, state: AchievementDetector.State())
        snapshot.achievementsUnread = true
      } else {
        try snapshot.readStoredAchievements(from: store)
      }
      snapshot.orphaned = reminders.unstarted
      if sets && onlyNeededSets {
        try snapshot.readNeededSets(from: store, clock: clock, completed: completed)
      }
      return snapshot
    }
  }

  /// Reads the sets the follow-ups are likely to need: those of the unfinished sessions (paused
  /// workouts), of the completed sessions the follow-ups' cursors do not cover yet, in the
  /// detectors' order, and, while a plateau is current, of the sessions its suggestion samples.
  /// The planner checks what it reads (``PlanOutcome/needsSets``). `completed` is the number of
  /// completed sessions.
  mutating func readNeededSets(from store: Store, clock: ZoneClock, completed: Int) throws {
    // Without a cursor there is nothing to resume: the plan asks for every set when it detects.
    let covered = max(
      [achievementCursor?.sessions, plateauCursor?.sessions].compactMap { $0 }.min() ?? completed, 0)
    var needed: Set<String> = []
    if covered < completed { needed = Set(AchievementDetector.ordered(sessions)[covered...].map(\.id)) }
    if plateauCursor?.state.plateaus.contains(where: \.isCurrent) == true {
      needed.formUnion(OverloadPlanner.sampledSessions(sessions, clock: clock))
    }
    let unfinished = completed < sessions.count
    guard unfinished || !needed.isEmpty else {
      withSets = []
      return
    }
    withSets = try store.readSets(of: &sessions) { $0.state.isUnfinished || needed.contains($0.id) }
  }

  /// Reads the sets ``PlanSnapshot/withSets`` left out: every session carries its sets after it.
  public mutating func readAllSets(from store: Store) throws {
    guard let read = withSets else { return }
    _ = try store.readSets(of: &sessions) { !read.contains($0.id) }
    withSets = nil
  }

  /// Reads the stored achievements' keys and cursor that ``PlanSnapshot/achievementsUnread`` left
  /// out.
  public mutating func readStoredAchievements(from store: Store) throws {
    achievementKeys = try store.achievementKeys()
    achievementCursor = try store.achievementCursor()
    achievementsUnread = false
  }
}
