/// How the person's reactions to one weekday's recent reminders moved what was learned for it.
public struct WeekdayReactions: Sendable, Hashable, Codable {
  /// The weekday's recent reminded days read (at most ``LearningParameters/reactionDays``).
  public var days: Int
  /// Of those, the ones snoozed.
  public var snoozed: Int
  /// Of those, the ones skipped, or delivered with no session and no done mark that day.
  public var declined: Int
  /// How much later the alarm goes because of the snoozes; nil when it did not move.
  public var alarmLaterMinutes: Int?
  /// The weekday's confidence before the declines lowered it; nil when they did not.
  public var confidenceBefore: Double?

  public init(
    days: Int, snoozed: Int, declined: Int, alarmLaterMinutes: Int? = nil, confidenceBefore: Double? = nil
  ) {
    self.days = days
    self.snoozed = snoozed
    self.declined = declined
    self.alarmLaterMinutes = alarmLaterMinutes
    self.confidenceBefore = confidenceBefore
  }
}
