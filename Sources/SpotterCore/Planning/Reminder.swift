import Foundation

/// A planned reminder: an event in the calendar plus the moment its alarm fires.
public struct Reminder: Sendable, Hashable, Codable {
  public var kind: ReminderKind
  /// Built from kind, entity and date only, never from content, so a changed reminder keeps it.
  public var uid: String
  public var date: LocalDate
  public var start: Date
  public var end: Date
  /// When the alarm fires, after quiet hours have moved it.
  public var fire: Date
  public var title: String
  public var body: String
  public var workoutName: String?
  /// Why this reminder exists, for `spotter plan`.
  public var reason: String

  public init(
    kind: ReminderKind, entity: String? = nil, date: LocalDate, start: Date, end: Date, fire: Date,
    title: String, body: String, workoutName: String?, reason: String
  ) {
    self.kind = kind
    self.uid = Reminder.uid(kind: kind, entity: entity, date: date)
    self.date = date
    self.start = start
    self.end = end
    self.fire = fire
    self.title = title
    self.body = body
    self.workoutName = workoutName
    self.reason = reason
  }

  /// `workout-reminder-2026-11-22@spotter`, or `kind-entity-date@spotter` for per-entity kinds.
  public static func uid(kind: ReminderKind, entity: String?, date: LocalDate) -> String {
    [kind.rawValue, entity, date.description].compactMap { $0 }.joined(separator: "-") + "@spotter"
  }
}
