import Foundation

/// Compares a new plan with what earlier runs emitted, and decides each event's next revision.
///
/// This is what makes re-runs safe to import again: an unchanged reminder keeps its SEQUENCE and
/// DTSTAMP (so the file comes out byte-identical), a changed one gets SEQUENCE + 1, and one that no
/// longer applies is kept with STATUS:CANCELLED and SEQUENCE + 1 so calendars drop it.
public struct ReminderReconciler: Sendable {
  public init() {}

  /// The outcome of a reconciliation.
  public struct Result: Sendable, Hashable {
    /// Every record inside the horizon, planned or cancelled, ordered by start then UID.
    public var records: [ReminderRecord]
    /// The records that are new or changed, to be saved.
    public var changed: [ReminderRecord]
  }

  public func reconcile(
    planned: [Reminder], stored: [ReminderRecord], horizon: Horizon, now: Date
  ) -> Result {
    // Whole seconds: the store keeps whole seconds, and a re-run must reproduce DTSTAMP exactly.
    let now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    let storedByUID = Dictionary(stored.map { ($0.uid, $0) }, uniquingKeysWith: { $1 })
    var records: [ReminderRecord] = []
    var changed: [ReminderRecord] = []
    let plannedUIDs = Set(planned.map(\.uid))
    for reminder in planned {
      if let old = storedByUID[reminder.uid] {
        // An event that has started is history: later texts (a focus alert that would now say
        // "starts now") must not revise it.
        let started = old.status == .confirmed && old.start <= now && reminder.start <= now
        if old.matches(reminder) || started {
          records.append(old)
        } else {
          let next = ReminderRecord(reminder: reminder, sequence: old.sequence + 1, stamp: now)
          records.append(next)
          changed.append(next)
        }
      } else {
        let first = ReminderRecord(reminder: reminder, sequence: 0, stamp: now)
        records.append(first)
        changed.append(first)
      }
    }
    for old in stored where horizon.contains(old.date) && !plannedUIDs.contains(old.uid) {
      if old.status == .cancelled {
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
}
