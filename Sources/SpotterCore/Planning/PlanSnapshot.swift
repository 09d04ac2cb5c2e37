import Foundation

/// Everything one planning pass reads from the store, read once: the planner itself touches no
/// store, so what it is handed is all it sees. Values, but for the repeating focus blocks'
/// alerts, which are read through ``focusAlerts`` a week at a time.
public struct PlanSnapshot: Sendable {
  /// Sessions with their sets, only those begun by `now`: a session dated later (a clock set
  /// wrong, a planned workout exported as done) neither silences a reminder, nor teaches, nor
  /// earns a record.
  public var sessions: [Session]
  /// The ids of the only sessions whose sets were read, or nil when every session carries them.
  ///
  /// A night reads the sets of the sessions it is likely to need (the unfinished ones, and the
  /// completed ones past the follow-ups' cursors): the other years of sets are a quarter of the
  /// cost of reading the store. A plan that needs more says so (``PlanOutcome/needsSets``).
  public var withSets: Set<String>?
  public var actions: [String: ReminderAction]
  public var skipped: Set<LocalDate>
  public var focusBlocks: [FocusBlock]
  /// Stored reminders dated from the earliest day the plan can touch, but for the alerts of
  /// repeating focus blocks, which ``FocusAlertStream`` reads from ``focusAlerts`` a week at a time.
  public var stored: [ReminderRecord]
  /// Where the alerts of repeating focus blocks are read: in a run, the store, under the same
  /// lock as the rest.
  public var focusAlerts: any StoredFocusAlerts
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
  /// The stored achievements' keys and the state of their cursor were left unread: the cursor
  /// covered every completed session, so detection had nothing to do (a night with nothing new),
  /// and reading them costs SQLite 2 million instructions and their decoding 1.5 million on a
  /// five-year store. ``achievementKeys`` is then empty and ``achievementCursor`` holds its
  /// count and digest with an empty state. A plan that must detect all the same (a session
  /// edited, or marked done) says so (``PlanOutcome/needsStoredAchievements``).
  public var achievementsUnread = false
  /// The pattern the last planning run learned, reused when its key still matches.
  public var learned: LearnedPattern?
  /// The SEQUENCE of each one-off focus block's alert that the plan may make and that is stored
  /// only under a date before ``first``: the block was moved from a past day. Its next revision
  /// continues from there (``ReminderReconciler``).
  public var earlierSequences: [String: Int] = [:]
  /// Reminders dated before ``first`` that start after now: a change of the zone moved their
  /// date into the past while their time is still ahead. The plan cancels each confirmed one it
  /// does not make again, so no calendar keeps an alarm the agenda no longer has, and the
  /// outputs carry them until they start.
  public var orphaned: [ReminderRecord] = []

  /// How far back reactions are read: more than the learner reads (a weekday's last four
  /// reminded days), and bounded.
  public static let reactionDays = 8 * 7

  public init(
    sessions: [Session], actions: [String: ReminderAction] = [:], skipped: Set<LocalDate> = [],
    focusBlocks: [FocusBlock] = [], stored: [ReminderRecord] = [],
    focusAlerts: any StoredFocusAlerts = StoredFocusAlertList(), first: LocalDate,
    datedFocusBounds: (lastDate: LocalDate, latestEnd: Date)? = nil, knownFollowUps: [ReminderRecord] = [],
    reactionReminders: [ReminderRecord] = [], deliveries: [Delivery] = [],
    announcedAchievements: [Achievement] = [],
    achievementKeys: Set<String> = [], achievementCursor: ProgressCursor<AchievementDetector.State>? = nil,
    plateauCursor: ProgressCursor<PlateauDetector.State>? = nil, learned: LearnedPattern? = nil
  ) {
    self.sessions = sessions
    self.actions = actions
    self.skipped = skipped
    self.focusBlocks = focusBlocks
    self.stored = stored
    self.focusAlerts = focusAlerts
    self.first = first
    self.datedFocusBounds = datedFocusBounds
    self.knownFollowUps = knownFollowUps
    self.reactionReminders = reactionReminders
    self.deliveries = deliveries
    self.announcedAchievements = announcedAchievements
    self.achievementKeys = achievementKeys
    self.achievementCursor = achievementCursor
    self.plateauCursor = plateauCursor
    self.learned = learned
  }
}

extension PlanSnapshot {
  /// The start of the newest completed session, none begun after `now` (the snapshot has none):
  /// what the history's age is told from. Sessions are in start order, so it is the last one.
  public var newestCompletedStart: Date? {
    sessions.last { $0.state == .completed }?.start
  }
}
