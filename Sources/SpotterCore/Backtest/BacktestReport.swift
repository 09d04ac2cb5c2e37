/// The result of replaying a history night by night: each strategy's score, overall and per
/// weekday, the hindsight limit, and the lead time that would have served best.
public struct BacktestReport: Sendable, Hashable, Codable {
  /// The first and the last replayed day.
  public var from: LocalDate
  public var through: LocalDate
  /// The lead time the replay used, from the config.
  public var leadMinutes: Int
  public var scores: [BacktestStrategy: BacktestScore]
  /// Monday first; each weekday's scores.
  public var weekdays: [Weekday: [BacktestStrategy: BacktestScore]]
  /// Training days that the best fixed alarm time per weekday, chosen after the fact, would have
  /// served (0–90 minutes ahead); the room there is above any strategy.
  public var hindsightUseful: Int
  /// The lead time among ``Backtester/leadCandidates`` whose replay had the most useful alarms.
  public var suggestedLeadMinutes: Int?
  /// The useful rate at ``suggestedLeadMinutes``.
  public var suggestedLeadUseful: Double?
  /// Spotter's reminder and the person's session, day by day.
  public var days: [BacktestDay]
  /// Spotter with a second, conditional alarm and fresh data at fire time, against the single one.
  public var freshData: FreshDataScore? = nil

  public init(
    from: LocalDate, through: LocalDate, leadMinutes: Int, scores: [BacktestStrategy: BacktestScore],
    weekdays: [Weekday: [BacktestStrategy: BacktestScore]], hindsightUseful: Int,
    suggestedLeadMinutes: Int?, suggestedLeadUseful: Double?, days: [BacktestDay],
    freshData: FreshDataScore? = nil
  ) {
    self.freshData = freshData
    self.days = days
    self.from = from
    self.through = through
    self.leadMinutes = leadMinutes
    self.scores = scores
    self.weekdays = weekdays
    self.hindsightUseful = hindsightUseful
    self.suggestedLeadMinutes = suggestedLeadMinutes
    self.suggestedLeadUseful = suggestedLeadUseful
  }

  /// The hindsight limit as a share of training days.
  public var hindsightRate: Double? {
    // Only days with a time of day can be served by an alarm, as in ``BacktestScore/usefulRate``.
    BacktestScore.share(
      hindsightUseful, of: (scores[.spotter]?.trainingDays ?? 0) - (scores[.spotter]?.untimedDays ?? 0))
  }
}
