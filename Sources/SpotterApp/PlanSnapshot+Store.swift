import Foundation
import SpotterCore
import SpotterIO

extension PlanSnapshot {
  /// Reads the snapshot for a plan whose earliest day is `first`, in one read transaction: one
  /// state of the store, and one BEGIN and COMMIT for all of it.
  ///
  /// - Parameter sets: whether sessions carry their sets, which the follow-ups (records,
  ///   overload suggestions) read and the learner does not: `spotter pattern` leaves them out.
  public init(store: Store, first: LocalDate, now: Date, clock: ZoneClock, sets: Bool = true) throws {
    let today = clock.localDate(now)
    let from = today.adding(days: -Self.reactionDays)
    self = try store.reading {
      let followUps = ReminderKind.allCases.filter(\.followsEvents)
      let kept = try store.reminders(kinds: followUps, plus: .workout, in: from..<today)
      // The sessions come in start order, so those not begun by now are its end, cut off in
      // place: a filtered copy retained and released every field of every session.
      var sessions = try store.sessions(includeSets: sets)
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
      if let head = try store.achievementCursorHead(),
        head.sessions == snapshot.sessions.reduce(0, { $1.state == .completed ? $0 + 1 : $0 })
      {
        snapshot.achievementCursor = ProgressCursor(
          sessions: head.sessions, digest: head.digest, state: AchievementDetector.State())
        snapshot.achievementsUnread = true
      } else {
        try snapshot.readStoredAchievements(from: store)
      }
      snapshot.orphaned = reminders.unstarted
      return snapshot
    }
  }

  /// Reads the stored achievements' keys and cursor that ``PlanSnapshot/achievementsUnread`` left
  /// out.
  public mutating func readStoredAchievements(from store: Store) throws {
    achievementKeys = try store.achievementKeys()
    achievementCursor = try store.achievementCursor()
    achievementsUnread = false
  }
}
