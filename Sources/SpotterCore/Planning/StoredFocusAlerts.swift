/// Where the stored alerts of repeating focus blocks are read from, a stretch of dates at a time.
///
/// They may number a hundred thousand, so a plan's snapshot does not hold them: it holds this,
/// and ``FocusAlertStream`` asks it for one week at a time. The store answers in a run;
/// ``StoredFocusAlertList`` answers from values, for a plan made without a store.
public protocol StoredFocusAlerts: Sendable {
  /// The stored alerts of repeating focus blocks dated in `dates`, ordered by start then UID.
  func datedFocusAlerts(in dates: Range<LocalDate>) throws -> [ReminderRecord]
}
