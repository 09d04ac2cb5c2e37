import Foundation

/// What the store remembers of a reminder between runs: its last content and revision.
public struct ReminderRecord: Sendable, Hashable, Codable {
  public var uid: String
  public var kind: ReminderKind
  /// The reminder's session, focus block or plateau, when it has one.
  public var entity: String?
  public var date: LocalDate
  public var status: EventStatus
  public var sequence: Int
  public var stamp: Date
  public var start: Date
  public var end: Date
  public var fire: Date
  public var title: String
  public var body: String
  /// The event's SUMMARY when it is not the alert's title.
  public var summary: String?

  public init(
    uid: String, kind: ReminderKind, date: LocalDate, status: EventStatus, sequence: Int,
    stamp: Date, start: Date, end: Date, fire: Date, title: String, body: String, summary: String? = nil,
    entity: String? = nil
  ) {
    self.uid = uid
    self.kind = kind
    self.entity = entity
    self.date = date
    self.status = status
    self.sequence = sequence
    self.stamp = stamp
    self.start = start
    self.end = end
    self.fire = fire
    self.title = title
    self.body = body
    self.summary = summary
  }

  /// The first revision of a planned reminder.
  public init(reminder: Reminder, sequence: Int, stamp: Date) {
    self.init(
      uid: reminder.uid, kind: reminder.kind, date: reminder.date, status: .confirmed,
      sequence: sequence, stamp: stamp, start: reminder.start, end: reminder.end,
      fire: reminder.fire, title: reminder.title, body: reminder.body, summary: reminder.summary,
      entity: reminder.entity)
  }

  /// Whether a planned reminder says the same as this record: same times, same texts.
  public func matches(_ reminder: Reminder) -> Bool {
    status == .confirmed && start == reminder.start && end == reminder.end
      && fire == reminder.fire && title == reminder.title && body == reminder.body
      && summary == reminder.summary
  }

  /// The next revision, cancelled: calendars drop the event when SEQUENCE rises with it.
  public func cancelled(at stamp: Date) -> ReminderRecord {
    var next = revised(at: stamp)
    next.status = .cancelled
    return next
  }

  /// The next revision, with its alarm at `fire` (a snooze).
  public func firing(at fire: Date, stamp: Date) -> ReminderRecord {
    var next = revised(at: stamp)
    next.fire = fire
    return next
  }

  private func revised(at stamp: Date) -> ReminderRecord {
    var next = self
    next.sequence += 1
    next.stamp = stamp
    return next
  }

  /// The event to write; it carries an alarm only while that alarm is still ahead of `now`.
  public func event(now: Date) -> Event {
    let alarms =
      status == .confirmed && fire > now
      ? [Alarm(description: title, trigger: Trigger(offsetSeconds: Int(fire.timeIntervalSince(start))))]
      : []
    return Event(
      uid: uid, kind: kind, sequence: sequence, stamp: stamp, start: start, end: end,
      summary: summary ?? title, description: body, categories: kind.categories, status: status,
      alarms: alarms)
  }
}
