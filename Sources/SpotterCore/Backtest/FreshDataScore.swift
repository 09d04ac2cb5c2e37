import Foundation

/// The backtest's fresh-data mode: what a second, conditional alarm would add when a live source
/// tells Spotter at fire time whether the person already trained.
///
/// Every day with a workout reminder is counted twice: with the single alarm, and with the
/// second alarm at the weekday's later window (``WeekdayPattern/secondStart``), which fires only
/// when no session started before it. "Alarms" are those that actually fire.
public struct FreshDataScore: Sendable, Hashable, Codable {
  public var trainingDays = 0
  /// Nights with a reminder and no training.
  public var restDaysReminded = 0
  /// Training days on which the single alarm came 0–90 minutes before the start.
  public var usefulSingle = 0
  /// The same with the second alarm: either one was useful.
  public var usefulSecond = 0
  /// Alarms fired on training days and on reminded rest days: single alarm, then with the second.
  public var alarmsTrainingSingle = 0
  public var alarmsTrainingSecond = 0
  public var alarmsRestSingle = 0
  public var alarmsRestSecond = 0

  public init() {}

  public mutating func add(_ other: FreshDataScore) {
    trainingDays += other.trainingDays
    restDaysReminded += other.restDaysReminded
    usefulSingle += other.usefulSingle
    usefulSecond += other.usefulSecond
    alarmsTrainingSingle += other.alarmsTrainingSingle
    alarmsTrainingSecond += other.alarmsTrainingSecond
    alarmsRestSingle += other.alarmsRestSingle
    alarmsRestSecond += other.alarmsRestSecond
  }

  /// One day: `first` and `second` are the alarms, `start` the first session's start (nil on a
  /// rest day; a day known by its date alone is not scored).
  static func day(first: Date?, second: Date?, start: Date?, trained: Bool) -> FreshDataScore {
    var score = FreshDataScore()
    let useful = { (alarm: Date, start: Date) -> Bool in
      let ahead = start.timeIntervalSince(alarm) / 60
      return ahead >= 0 && ahead <= Double(BacktestScore.usefulMinutes)
    }
    // A session that started before the second alarm silences it; on a rest day nothing does.
    let secondFires = second.map { alarm in start.map { $0 >= alarm } ?? true } ?? false
    if trained {
      score.trainingDays = 1
      guard let start else { return score }
      let firstUseful = first.map { useful($0, start) } ?? false
      score.usefulSingle = firstUseful ? 1 : 0
      score.usefulSecond =
        firstUseful || (first != nil && secondFires && second.map { useful($0, start) } == true) ? 1 : 0
      if first != nil {
        score.alarmsTrainingSingle = 1
        score.alarmsTrainingSecond = 1 + (secondFires ? 1 : 0)
      }
    } else if first != nil {
      score.restDaysReminded = 1
      score.alarmsRestSingle = 1
      score.alarmsRestSecond = 1 + (secondFires ? 1 : 0)
    }
    return score
  }
}
