import SpotterCore

/// What `spotter catch-up` did, for its JSON: the reminders it delivered, skipped or recorded,
/// and the night it ran for the nightly line that did not start, when there was one.
public struct CatchUpReport: Sendable, Encodable {
  public var results: [FireResult]
  /// The night's date and report; absent when no night was missed.
  public var missedNight: MissedNight?

  public struct MissedNight: Sendable, Encodable {
    public var date: LocalDate
    public var run: RunReport
  }

  public init(results: [FireResult], missedNight: MissedNightRunner.Night?) {
    self.results = results
    self.missedNight = missedNight.map { MissedNight(date: $0.date, run: $0.ending.report) }
  }

  enum CodingKeys: String, CodingKey {
    case results, missedNight
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(results, forKey: .results)
    try container.encodeIfPresent(missedNight, forKey: .missedNight)
  }
}
