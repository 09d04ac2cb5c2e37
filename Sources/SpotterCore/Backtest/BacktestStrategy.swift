/// Who made a prediction in a backtest: Spotter, or one of the simple rules it must beat.
public enum BacktestStrategy: String, Sendable, Hashable, Codable, CaseIterable {
  /// Spotter's learner and planner, exactly as a nightly run uses them.
  case spotter
  /// Same weekday last week: a session on D−7 means a reminder on D, 30 minutes before its start.
  case sameWeekdayLastWeek = "B1"
  /// Forvia/openGym's plan rule: weekdays trained on 2 of the last 4, 30 minutes before the
  /// median start of the last 20 sessions.
  case planRule = "B2"
  /// Per-weekday median: at least half of the last 8 such weekdays, 30 minutes before their
  /// median start.
  case weekdayMedian = "B3"

  /// The short label of tables.
  public var label: String { self == .spotter ? "Spotter" : rawValue }
}
