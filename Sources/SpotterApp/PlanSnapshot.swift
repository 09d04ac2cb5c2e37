import Foundation
import SpotterCore
import SpotterIO

/// Everything one planning pass reads from the store, read once: the planner itself touches no
/// store, so what it is handed is all it sees.
public struct PlanSnapshot: Sendable {
  /// Sessions with their sets, only those begun by `now`: a session dated later (a clock set
  /// wrong, a planned workout exported as done) neither silences a reminder, nor teaches, nor
  /// earns a record.
  public var sessions: [Session]
  public var actions: [String: ReminderAction]
  public var skipped: Set<LocalDate>
  public var focusBlocks: [FocusBlock]
  /// Stored reminders dated from the earliest day the plan can touch, but for the alerts of
  /// repeating focus blocks, which ``FocusAlertStream`` reads from ``store`` a week at a time.
  public var stored: [ReminderRecord]
  /// Where the alerts of repeating focus blocks are read, under the same lock as the rest.
  public var store: Store
  /// The earliest day the plan can touch.
  public var first: LocalDate
  /// The last date and latest end of the stored alerts of repeating focus blocks from ``first``.
  public var datedFocusBounds: (lastDate: LocalDate, latestEnd: Date)?
  /// Every stored follow-up, whatever its date: one fired days ago stays history.
  public var knownFollowUps: [ReminderRecord]
  /// The workout reminders of the reaction window and the deliveries since, for the reactions.
  public var reactionReminders: [ReminderRecord]
  public var deliveries: [Delivery]
  public var announcedAchievements: [Achievement]
  public var achievementKeys: Set<String>
  public var achievementCursor: ProgressCursor<AchievementDetector.State>?
  public var plateauCursor: ProgressCursor<PlateauDetector.State>?
  /// The pattern the last planning run learned, reused when its key still matches.
  public var learned: LearnedPattern?

  /// How far back reactions are read: more than the learner reads (a weekday's last four
  /// reminded days), and bounded.
  public static let reactionDays = 8 * 7

  /// Reads the snapshot for a plan whose earliest day is `first`.
  ///
  /// - Parameter sets: whether sessions carry their sets, which the follow-ups (records,
  ///   overload suggestions) read and the learner does not: `spotter pattern` leaves them out.
  public init(store: Store, first: LocalDate, now: Date, clock: ZoneClock, sets: Bool = true) throws {
    // One read transaction: one state of the store, and one BEGIN and COMMIT for all of it.
    self = try store.reading {
      try PlanSnapshot(reading: store, first: first, now: now, clock: clock, sets: sets)
    }
  }

  private init(reading store: Store, first: LocalDate, now: Date, clock: ZoneClock, sets: Bool) throws {
    let today = clock.localDate(now)
    let from = today.adding(days: -Self.reactionDays)
    sessions = try store.sessions(includeSets: sets).filter { $0.start <= now }
    actions = try store.actions()
    skipped = try store.skippedDays()
    focusBlocks = try store.focusBlocks()
    stored = try store.remindersBesideDatedFocusAlerts(from: first)
    self.store = store
    self.first = first
    datedFocusBounds = try store.datedFocusAlertBounds(from: first)
    knownFollowUps = try store.reminders(kinds: ReminderKind.allCases.filter(\.followsEvents))
    reactionReminders = try store.reminders(kinds: [.workout]).filter { $0.date >= from && $0.date < today }
    deliveries = try store.deliveries(since: clock.startOfDay(from.adding(days: -1)))
    announcedAchievements = try store.achievements(announcedOnly: true)
    achievementKeys = try store.achievementKeys()
    achievementCursor = try store.achievementCursor()
    plateauCursor = try store.plateauCursor()
    learned = try store.learnedPattern()
  }
}
