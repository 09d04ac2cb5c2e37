/// Workout-reminder preferences (seed 003's `NotificationSettings`).
public struct ReminderSettings: Sendable, Hashable, Codable {
  public var enabled: Bool
  /// How long before the usual start the reminder fires (seed 000: 30 minutes).
  public var leadMinutes: Int
  /// The start time used when nothing has been learned (seed 003: 09:00).
  public var preferredTime: LocalTime
  /// Days on which any reminder may be sent (seed 003: all days).
  public var weekdays: Set<Weekday>
  /// How many days `run` and `plan` plan when `--days` is not given, the installed nightly run
  /// included: one night ahead by default.
  public var horizonDays: Int

  public init(
    enabled: Bool = true, leadMinutes: Int = 30,
    preferredTime: LocalTime = LocalTime(hour: 9, minute: 0),
    weekdays: Set<Weekday> = Set(Weekday.allCases), horizonDays: Int = 1
  ) {
    self.enabled = enabled
    self.leadMinutes = leadMinutes
    self.preferredTime = preferredTime
    self.weekdays = weekdays
    self.horizonDays = horizonDays
  }
}
