/// The learned training week: one ``WeekdayPattern`` per weekday plus an hour heatmap.
public struct TrainingPattern: Sendable, Hashable, Codable {
  /// The date the pattern was learned for; only sessions before it count.
  public var asOf: LocalDate
  /// Monday first.
  public var weekdays: [WeekdayPattern]
  /// `heat[weekday - 1][hour]`: recency-weighted session starts, normalised so the maximum is 1.
  public var heat: [[Double]]
  /// How many completed sessions fell in the learning window.
  public var sessionsConsidered: Int
  /// Whether the last week looked like a new routine, so recent days decide instead of weekdays.
  public var habitChange: Bool
  /// The first training day after a break of weeks, while the days since decide; nil otherwise.
  public var returnedOn: LocalDate?
  /// The last training day, when tomorrow falls in a silence (longer after it than the person
  /// usually leaves, nothing in the days before tomorrow): tomorrow counts as in a week off, and
  /// the weeks off count in its evidence. Nil otherwise.
  public var silentSince: LocalDate?
  /// Which reading of the history names the next workouts (``WorkoutNamePredictor``), once a
  /// plan has replayed it; nil before. Kept with the pattern, so a later command of the same day
  /// does not replay it again.
  public var nameReading: WorkoutNamePredictor.Reading?

  /// The pattern as `pattern --json` shows it: what was learned, without ``nameReading``, which
  /// is bookkeeping for the day (the store keeps it in ``LearnedPattern``'s own layout).
  enum CodingKeys: String, CodingKey {
    case asOf, weekdays, heat, sessionsConsidered, habitChange, returnedOn, silentSince
  }

  public init(
    asOf: LocalDate, weekdays: [WeekdayPattern], heat: [[Double]], sessionsConsidered: Int,
    habitChange: Bool = false, returnedOn: LocalDate? = nil, silentSince: LocalDate? = nil,
    nameReading: WorkoutNamePredictor.Reading? = nil
  ) {
    self.silentSince = silentSince
    self.nameReading = nameReading
    self.habitChange = habitChange
    self.returnedOn = returnedOn
    self.asOf = asOf
    self.weekdays = weekdays
    self.heat = heat
    self.sessionsConsidered = sessionsConsidered
  }

  public subscript(_ weekday: Weekday) -> WeekdayPattern { weekdays[weekday.rawValue - 1] }

  /// The weekdays whose confidence reaches `threshold`, Monday first.
  public func trainingDays(minimumConfidence threshold: Double) -> [Weekday] {
    weekdays.filter { $0.confidence >= threshold }.map(\.weekday)
  }

  /// Whether the history is a pattern at all: the learner sets every confidence to 0 below
  /// ``LearningParameters/minimumTrainingDays`` training days (two sessions are no habit), and a
  /// pattern learned from enough of them keeps every confidence above 0.
  public var isPattern: Bool { weekdays.contains { $0.confidence > 0 } }

  /// The weekdays whose own rate over the recent weeks reaches `threshold`, Monday first: the
  /// habit, without tomorrow's gap since the last session or the reactions to reminders, which
  /// move a weekday's confidence from one night to the next. None before the history is a
  /// pattern at all (``isPattern``).
  public func habitualDays(minimumRate threshold: Double) -> [Weekday] {
    guard isPattern else { return [] }
    return weekdays.filter { $0.probability >= threshold }.map(\.weekday)
  }
}
