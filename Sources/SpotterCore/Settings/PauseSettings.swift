/// Paused-workout reminder preferences (seed 000 §3 and its settings screen).
public struct PauseSettings: Sendable, Hashable, Codable {
  public var enabled: Bool
  /// Hours from the last activity to the first reminder: 1, 2 or 4 (seed 000: 2).
  public var delayHours: Int

  /// The choices of seed 000's "Erinnern nach" picker.
  public static let delayChoices = [1, 2, 4]
  /// Seed 000: "Nach 24 Stunden nochmal", then the workout counts as abandoned.
  public static let secondReminderHours = 24

  public init(enabled: Bool = true, delayHours: Int = 2) {
    self.enabled = enabled
    self.delayHours = delayHours
  }
}
