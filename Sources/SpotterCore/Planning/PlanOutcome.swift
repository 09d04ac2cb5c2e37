import Foundation

/// Everything one planning pass produced: the pattern, the plan, and the records to write.
///
/// The alerts of repeating focus blocks, which may number a hundred thousand, are not held here
/// but in ``repeatingFocus``, read a week at a time; ``forEachRecord(chunk:_:)`` walks both in
/// the outputs' order, and ``materialized()`` holds them all for a command that shows them.
public struct PlanOutcome: Sendable {
  public var pattern: TrainingPattern
  public var plan: Plan
  /// The focus block alerts of the focus window that ``records`` holds.
  public var focus: [Reminder]
  /// Paused-workout reminders, achievement announcements and overload suggestions.
  public var followUps: [Reminder]
  /// Achievements found for the first time and sessions now abandoned, to save with ``changed``.
  public var findings: RunFindings
  /// Every record from the plan's first day on, planned or cancelled, with its next revision, in
  /// the outputs' order; the alerts of ``repeatingFocus`` are not among them.
  public var records: [ReminderRecord]
  /// The records to save because they are new or changed: those of workouts and rest days, of
  /// focus alerts, and of follow-ups, in that order.
  public var changed: [ReminderRecord] { changedWorkouts + changedFocus + changedFollowUps }
  var changedWorkouts: [ReminderRecord]
  var changedFocus: [ReminderRecord]
  var changedFollowUps: [ReminderRecord]
  /// `new`, `changed`, `cancelled` or `unchanged`, by UID, for ``records``.
  public var changes: [String: RevisionChange]
  /// The alerts of repeating focus blocks, a week at a time.
  public var repeatingFocus: FocusAlertStream
  /// The instant planned at, which decides the events' alarms (none in the past).
  public var now: Date
  /// Achievements had to be detected from a snapshot that left the stored ones unread
  /// (``PlanSnapshot/achievementsUnread``): the outcome does not count, and the plan must be made
  /// again from a snapshot with them.
  public var needsStoredAchievements = false
  /// The follow-ups needed sets the snapshot left unread (``PlanSnapshot/withSets``): the
  /// outcome does not count, and the plan must be made again with every session's sets.
  public var needsSets = false

  /// Hands `body` every record with its change, ``records`` and the repeating blocks' alerts
  /// merged in the outputs' order (start, then UID), and `chunk` each week of those alerts before
  /// its records.
  ///
  /// A week's alerts all start on its dates, so the merge never waits for a later week.
  public func forEachRecord(
    chunk: (FocusAlertStream.Chunk) throws -> Void = { _ in },
    _ body: (ReminderRecord, RevisionChange) throws -> Void
  ) throws {
    var index = records.startIndex
    func emitRecords(before limit: ReminderRecord?) throws {
      while index < records.endIndex,
        limit.map({ (records[index].start, records[index].uid) < ($0.start, $0.uid) }) ?? true
      {
        try body(records[index], changes[records[index].uid] ?? .unchanged)
        index += 1
      }
    }
    try repeatingFocus.forEachChunk { week in
      try chunk(week)
      for record in week.records {
        try emitRecords(before: record)
        try body(record, week.changes[record.uid] ?? .unchanged)
      }
    }
    try emitRecords(before: nil)
  }

  /// This outcome with every repeating block's alert read into ``records``, ``changed``,
  /// ``changes`` and ``focus``: for a command that shows or searches them, at the memory a
  /// hundred thousand alerts take.
  public func materialized() throws -> PlanOutcome {
    var all = self
    all.records = []
    try forEachRecord(
      chunk: { week in
        all.changedFocus += week.changed
        all.changes.merge(week.changes) { $1 }
        all.focus += week.planned
      },
      { record, _ in all.records.append(record) })
    all.repeatingFocus = repeatingFocus.emptied
    return all
  }

  /// ``records`` as the events to write: only for a materialized outcome, or one without
  /// repeating blocks.
  public var events: LazyMapSequence<[ReminderRecord], Event> {
    records.lazy.map { [now] in $0.event(now: now) }
  }
}
