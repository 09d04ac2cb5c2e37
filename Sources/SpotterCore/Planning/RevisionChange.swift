/// What a run did to one reminder's stored revision, against the last run.
public enum RevisionChange: String, Sendable, Hashable, Codable, CaseIterable {
  /// Not stored before.
  case new
  /// Stored with the same SEQUENCE: the same bytes are written again.
  case unchanged
  /// A new SEQUENCE: its time, texts or alarm moved.
  case changed
  /// A new SEQUENCE with STATUS:CANCELLED: it no longer applies.
  case cancelled

  /// The change from `old` (nil when never stored) to `new`.
  public init(from old: ReminderRecord?, to new: ReminderRecord) {
    guard let old else {
      self = .new
      return
    }
    if old.sequence == new.sequence {
      self = .unchanged
    } else {
      self = new.status == .cancelled ? .cancelled : .changed
    }
  }
}
