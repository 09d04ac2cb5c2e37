import Foundation
import SpotterCore
import SpotterIO

/// Everything one planning pass produced: the pattern, the plan, and the events to write.
public struct PlanOutcome: Sendable {
  public var pattern: TrainingPattern
  public var plan: Plan
  /// The focus block alerts of the focus window.
  public var focus: [Reminder]
  /// Paused-workout reminders, achievement announcements and overload suggestions.
  public var followUps: [Reminder]
  /// Achievements found for the first time and sessions now abandoned, to save with ``changed``.
  public var findings: RunFindings
  /// Every record from today on, planned or cancelled, with its next revision.
  public var records: [ReminderRecord]
  /// The records to save because they are new or changed.
  public var changed: [ReminderRecord]
  /// `new`, `changed`, `cancelled` or `unchanged`, by UID.
  public var changes: [String: RevisionChange]
  /// The instant planned at, which decides the events' alarms (none in the past).
  public var now: Date

  /// ``records`` as the events to write, built one at a time as they are read: never held all
  /// at once, since a run may carry a hundred thousand of them.
  public var events: LazyMapSequence<[ReminderRecord], Event> {
    records.lazy.map { [now] in $0.event(now: now) }
  }
}
