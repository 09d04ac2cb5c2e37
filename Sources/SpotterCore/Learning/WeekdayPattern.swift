/// What was learned about one weekday.
public struct WeekdayPattern: Sendable, Hashable, Codable {
  public var weekday: Weekday
  /// The recency-weighted share of this weekday's recent active weeks that had a session, `0...1`.
  public var probability: Double
  /// How likely the next such day is a training day, `0...1`: the weekday rate combined with the
  /// days since the last session; 0 while fewer than three days were trained.
  public var confidence: Double
  /// How many completed sessions in the window fell on this weekday.
  public var sessionCount: Int
  /// The alarm's time plus the lead time: the alarm catches the most recent starts, and snoozes
  /// may move it later; nil with fewer than two starts to learn from.
  public var plannedStart: LocalTime?
  /// The learned start, on five minutes: the weighted median of the starts the alarm catches.
  /// What the reminder's event starts at, what its text and `pattern` call the usual start. The
  /// alarm keeps a margin before the earliest of those starts, so it may come more than the lead
  /// before this; nil where ``plannedStart`` is.
  public var usualStart: LocalTime?
  /// A later start the weekday also has, past the first alarm's window (evenings as well as
  /// lunchtimes): where a second, conditional alarm would go. Nil for most weekdays.
  public var secondStart: LocalTime?
  /// The weighted median absolute deviation of start times, in minutes.
  public var spreadMinutes: Int?
  /// The median session length, capped at four hours.
  public var typicalDurationMinutes: Int?
  /// Which past starts placed the alarm: "weekday", "every other week" or "recent days".
  public var startSource: String?
  /// How many past starts that was; a usual start needs at least two.
  public var startSamples: Int
  /// How many of ``sessionCount`` are known by their date only (FitNotes for Android).
  public var dateOnlySessions: Int
  /// How the person's reactions to this weekday's recent reminders moved it; nil without any.
  public var reactions: WeekdayReactions?

  public init(
    weekday: Weekday, probability: Double, confidence: Double, sessionCount: Int,
    plannedStart: LocalTime?, secondStart: LocalTime? = nil, spreadMinutes: Int?,
    typicalDurationMinutes: Int?,
    startSource: String? = nil, startSamples: Int = 0, dateOnlySessions: Int = 0,
    reactions: WeekdayReactions? = nil, usualStart: LocalTime? = nil
  ) {
    self.reactions = reactions
    self.usualStart = usualStart
    self.secondStart = secondStart
    self.dateOnlySessions = dateOnlySessions
    self.startSource = startSource
    self.startSamples = startSamples
    self.weekday = weekday
    self.probability = probability
    self.confidence = confidence
    self.sessionCount = sessionCount
    self.plannedStart = plannedStart
    self.spreadMinutes = spreadMinutes
    self.typicalDurationMinutes = typicalDurationMinutes
  }
}
