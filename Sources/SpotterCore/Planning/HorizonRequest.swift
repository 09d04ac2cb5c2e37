/// Which days a command plans, as asked: from a given day, or "the coming days", which a
/// nightly run means.
public enum HorizonRequest: Sendable, Hashable {
  /// `count` days from `start` (`--from`).
  case from(LocalDate, count: Int)
  /// Tomorrow and the `count - 1` days after it, and today too while one of today's reminders
  /// is still ahead: set up at 00:20, the run plans the morning's 07:00 workout; at 21:30, when
  /// today's reminders are behind, it plans from tomorrow as before.
  case coming(count: Int)
}
