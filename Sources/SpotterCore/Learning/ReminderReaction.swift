import Foundation

/// What the person did with one day's workout reminder: evidence no export carries.
///
/// A day can have several (delivered, then snoozed). The learner reads them per weekday
/// (``WeekdayReactions``): repeated snoozes move the alarm later, repeated skips or reminders
/// with no session after them make the weekday less likely, and a done mark is a training day.
public struct ReminderReaction: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// A notifier delivered it.
    case delivered
    /// The person snoozed it.
    case snoozed
    /// The person marked it done: they trained, whether or not a workout was logged.
    case done
    /// The person took the day off with `spotter skip`.
    case skipped
  }

  /// The reminder's day.
  public var date: LocalDate
  public var kind: Kind
  /// For a snooze: how far the alarm moved from the time it was first delivered, in minutes.
  public var snoozedMinutes: Int?

  public init(date: LocalDate, kind: Kind, snoozedMinutes: Int? = nil) {
    self.date = date
    self.kind = kind
    self.snoozedMinutes = snoozedMinutes
  }

  /// The reactions the store's records hold: deliveries and snoozes of workout reminders, done
  /// marks, and skipped days.
  ///
  /// A snooze's minutes count from the first delivery of its reminder; a reminder snoozed before
  /// it fired moved nothing the person had seen, so it is a snooze without minutes.
  public static func collect(
    reminders: [ReminderRecord], actions: [String: ReminderAction], deliveries: [Delivery],
    skipped: Set<LocalDate>
  ) -> [ReminderReaction] {
    var firstDelivered: [String: Date] = [:]
    for delivery in deliveries where delivery.kind == .workout && delivery.outcome == .delivered {
      if delivery.round == 0, firstDelivered[delivery.uid].map({ delivery.fire < $0 }) ?? true {
        firstDelivered[delivery.uid] = delivery.fire
      }
    }
    var result: [ReminderReaction] = []
    for record in reminders where record.kind == .workout {
      if firstDelivered[record.uid] != nil {
        result.append(ReminderReaction(date: record.date, kind: .delivered))
      }
      guard let action = actions[record.uid] else { continue }
      if action.doneAt != nil { result.append(ReminderReaction(date: record.date, kind: .done)) }
      if action.round > 0, let until = action.snoozedUntil {
        let minutes = firstDelivered[record.uid].map { Int(until.timeIntervalSince($0) / 60) }
        result.append(
          ReminderReaction(
            date: record.date, kind: .snoozed, snoozedMinutes: minutes.flatMap { $0 > 0 ? $0 : nil }))
      }
    }
    for date in skipped { result.append(ReminderReaction(date: date, kind: .skipped)) }
    return result.sorted { ($0.date, $0.kind.rawValue) < ($1.date, $1.kind.rawValue) }
  }
}
