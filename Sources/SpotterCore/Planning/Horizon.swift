/// The run of local dates a plan covers.
public struct Horizon: Sendable, Hashable, Codable {
  public var start: LocalDate
  public var days: Int

  public init(start: LocalDate, days: Int) {
    self.start = start
    self.days = max(1, days)
  }

  /// The first date after the horizon.
  public var end: LocalDate { start.adding(days: days) }

  public var dates: [LocalDate] { (0..<days).map { start.adding(days: $0) } }

  public func contains(_ date: LocalDate) -> Bool { date >= start && date < end }
}
