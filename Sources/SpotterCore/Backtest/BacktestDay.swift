import Foundation

/// One replayed day: what Spotter would have reminded of, and what the person did.
public struct BacktestDay: Sendable, Hashable, Codable {
  public var date: LocalDate
  /// The alarm, the start it announced and the workout it named; nil without a reminder.
  public var alarm: Date?
  public var predictedStart: Date?
  public var predictedName: String?
  /// The day's first completed session; nil on a day without training.
  public var start: Date?
  public var name: String?
  /// Whether the day's training is known by its date only (FitNotes for Android).
  public var dateOnly: Bool
  /// The day's confidence as `spotter pattern` showed it the night before, and the plan's reason
  /// for the day: the reminder's, or why there was none.
  public var confidence: Double?
  public var reason: String?

  public init(
    date: LocalDate, alarm: Date?, predictedStart: Date?, predictedName: String?, start: Date?, name: String?,
    dateOnly: Bool = false, confidence: Double? = nil, reason: String? = nil
  ) {
    self.dateOnly = dateOnly
    self.confidence = confidence
    self.reason = reason
    self.date = date
    self.alarm = alarm
    self.predictedStart = predictedStart
    self.predictedName = predictedName
    self.start = start
    self.name = name
  }
}
