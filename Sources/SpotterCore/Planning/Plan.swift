import Foundation

/// The reminders planned for a horizon, with notes on the days that got none.
public struct Plan: Sendable, Hashable, Codable {
  public var horizon: Horizon
  public var timeZone: String
  public var reminders: [Reminder]
  public var notes: [PlanNote]
  /// The sessions the plan expects, whether or not they get a reminder.
  public var sessions: [PlannedSession]

  public init(
    horizon: Horizon, timeZone: String, reminders: [Reminder], notes: [PlanNote],
    sessions: [PlannedSession] = []
  ) {
    self.horizon = horizon
    self.timeZone = timeZone
    self.reminders = reminders
    self.notes = notes
    self.sessions = sessions
  }
}
