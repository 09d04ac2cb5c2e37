import Foundation

/// The reminders planned for a horizon, with notes on the days that got none.
public struct Plan: Sendable, Hashable, Codable {
  public var horizon: Horizon
  public var timeZone: String
  public var reminders: [Reminder]
  public var notes: [PlanNote]

  public init(horizon: Horizon, timeZone: String, reminders: [Reminder], notes: [PlanNote]) {
    self.horizon = horizon
    self.timeZone = timeZone
    self.reminders = reminders
    self.notes = notes
  }
}
