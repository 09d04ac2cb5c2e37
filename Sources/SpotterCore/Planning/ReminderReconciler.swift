import Foundation

/// Compares a new plan with what earlier runs emitted, and decides each event's next revision.
///
/// This is what makes re-runs safe to import again: an unchanged reminder keeps its SEQUENCE and
/// DTSTAMP (so the file comes out byte-identical), a changed one gets SEQUENCE + 1, and one that no
/// longer applies is kept with STATUS:CANCELLED and SEQUENCE + 1 so calendars drop it.
///
/// A reminder that follows from events (``ReminderKind/followsEvents``) is history once its alarm
/// time has passed: it is neither revised nor cancelled after that, and it needs no horizon, since
/// a session or a plateau, not a date, decides whether it applies.
public struct ReminderReconciler: Sendable {
  public init() {}

  /// The outcome of a reconciliation.
  public struct Result: Sendable, Hashable {
    /// Every record inside the horizon, planned or cancelled, ordered by start then UID.
    public var records: [ReminderRecord]
    /// The records that are new or changed, to be saved.
    public var changed: [ReminderRecord]
  }

  /// Reconciles `planned` with `stored`; `earlierSequences` holds the SEQUENCE of a UID stored
  /// only outside `stored` (a one-off focus block's alert dated before the plan), which a
  /// reminder planned under that UID continues: a calendar that holds the earlier revision takes
  /// a new SEQUENCE 0 for an old copy.
  public func reconcile(
    planned: [Reminder], stored: [ReminderRecord], horizon: Horizon, now: Date,
    earlierSequences: [String: Int] = [:]
  ) -> Result {
    let now = stamp(now)
    let storedByUID = Dictionary(stored.map { ($0.uid, $0) }, uniquingKeysWith: { $1 })
    var records: [ReminderRecord] = []
    var changed: [ReminderRecord] = []
    let plannedUIDs = Set(planned.map(\.uid))
    for reminder in planned {
      if let old = storedByUID[reminder.uid] {
        // An event that has started is history: later texts (a focus alert that would now say
        // "starts now") must not revise it.
        let started = old.status == .confirmed && old.start <= now && reminder.start <= now
        if old.matches(reminder) || started || Self.isFollowUpHistory(old, now: now) {
          records.append(old)
        } else {
          let next = ReminderRecord(reminder: reminder, sequence: old.sequence + 1, stamp: now)
          records.append(next)
          changed.append(next)
        }
      } else {
        let first = ReminderRecord(
          reminder: reminder, sequence: earlierSequences[reminder.uid].map { $0 + 1 } ?? 0, stamp: now)
        records.append(first)
        changed.append(first)
      }
    }
    for old in stored where !plannedUIDs.contains(old.uid) {
      guard old.kind.followsEvents || horizon.contains(old.date) else { continue }
      if old.status == .cancelled || Self.isFollowUpHistory(old, now: now) {
        records.append(old)
        continue
      }
      let cancelled = old.cancelled(at: now)
      records.append(cancelled)
      changed.append(cancelled)
    }
    records.sort { ($0.start, $0.uid) < ($1.start, $1.uid) }
    return Result(records: records, changed: changed)
  }

  /// The DTSTAMP of a revision made at `now`: whole seconds, as the store keeps them, so that a
  /// re-run reproduces it exactly.
  public func stamp(_ now: Date) -> Date {
    Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
  }

  /// A follow-up reminder whose alarm time has passed.
  private static func isFollowUpHistory(_ record: ReminderRecord, now: Date) -> Bool {
    record.kind.followsEvents && record.status == .confirmed && record.fire <= now
  }
}
