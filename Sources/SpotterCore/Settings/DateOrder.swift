/// Which of day and month a numeric date writes first (`05/06/2026`), for an export whose every
/// date reads both ways; the config's `[import] date_order`.
public enum DateOrder: String, Sendable, Hashable, Codable, CaseIterable {
  case dayFirst = "day-month"
  case monthFirst = "month-day"
}
