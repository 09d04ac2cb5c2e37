/// Rest-day reminder preferences (seed 000 §5, seed 003 `sendOnRestDays`).
public struct RestDaySettings: Sendable, Hashable, Codable {
  /// Remind on every day without training.
  public var enabled: Bool
  /// When the reminder fires (seed 000: 20:00, "nur abends").
  public var time: LocalTime
  /// Remind after this many consecutive training days even when ``enabled`` is off; 0 turns it off.
  public var afterStreak: Int

  public init(enabled: Bool = false, time: LocalTime = LocalTime(hour: 20, minute: 0), afterStreak: Int = 3) {
    self.enabled = enabled
    self.time = time
    self.afterStreak = afterStreak
  }
}
