/// What was learned about one weekday.
public struct WeekdayPattern: Sendable, Hashable, Codable {
  public var weekday: Weekday
  /// The recency-weighted share of past such weekdays that had a completed session, `0...1`.
  public var probability: Double
  /// ``probability`` discounted for thin evidence, `0...1`; one session is never a pattern.
  public var confidence: Double
  /// How many completed sessions in the window fell on this weekday.
  public var sessionCount: Int
  /// The usual start, rounded to five minutes; nil without sessions on this weekday.
  public var usualStart: LocalTime?
  /// The weighted median absolute deviation of start times, in minutes.
  public var spreadMinutes: Int?
  /// The median session length, capped at four hours.
  public var typicalDurationMinutes: Int?

  public init(
    weekday: Weekday, probability: Double, confidence: Double, sessionCount: Int,
    usualStart: LocalTime?, spreadMinutes: Int?, typicalDurationMinutes: Int?
  ) {
    self.weekday = weekday
    self.probability = probability
    self.confidence = confidence
    self.sessionCount = sessionCount
    self.usualStart = usualStart
    self.spreadMinutes = spreadMinutes
    self.typicalDurationMinutes = typicalDurationMinutes
  }
}
