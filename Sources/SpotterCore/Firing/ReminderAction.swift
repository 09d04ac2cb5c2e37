import Foundation

/// What the user did to one reminder from the shell: snoozed it, or marked it done.
///
/// Kept apart from the reminder's own revision so that a nightly re-plan applies it again
/// instead of undoing it.
public struct ReminderAction: Sendable, Hashable, Codable {
  public var uid: String
  /// The number of snoozes so far; each opens a new delivery round.
  public var round: Int
  /// The fire time the last snooze set.
  public var snoozedUntil: Date?
  /// When the reminder was marked done; a done reminder stays cancelled.
  public var doneAt: Date?

  public init(uid: String, round: Int = 0, snoozedUntil: Date? = nil, doneAt: Date? = nil) {
    self.uid = uid
    self.round = round
    self.snoozedUntil = snoozedUntil
    self.doneAt = doneAt
  }

  /// The actions applied to freshly planned reminders: done ones leave the plan (so the
  /// reconciler cancels them) and snoozed ones keep their snoozed fire time.
  public static func apply(_ actions: [String: ReminderAction], to reminders: [Reminder]) -> [Reminder] {
    guard !actions.isEmpty else { return reminders }
    return reminders.compactMap { reminder in
      guard let action = actions[reminder.uid] else { return reminder }
      if action.doneAt != nil { return nil }
      var reminder = reminder
      if let snoozed = action.snoozedUntil { reminder.fire = snoozed }
      return reminder
    }
  }

  /// The new fire time of a snooze by `seconds`: counted from now or from the fire time still
  /// ahead, whichever is later, and rounded up to a whole minute because cron fires on minutes.
  public static func snoozedFire(_ fire: Date, by seconds: Int, now: Date) -> Date {
    let base = max(fire, now).addingTimeInterval(TimeInterval(seconds))
    return Date(timeIntervalSince1970: (base.timeIntervalSince1970 / 60).rounded(.up) * 60)
  }
}
