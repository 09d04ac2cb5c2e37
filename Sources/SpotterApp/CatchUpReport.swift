import SpotterCore

/// What `spotter catch-up` did, for its JSON: the reminders it delivered, skipped or recorded,
/// and the night it ran for the nightly line that did not start, when there was one.
public struct CatchUpReport: Sendable, Encodable {
  public var results: [FireResult]
  /// The night's date and report; absent when no night was missed (the synthesised encoding
  /// leaves out a nil).
  public var missedNight: MissedNight?

  public struct MissedNight: Sendable, Encodable {
    public var date: LocalDate
    public var run: RunReport
  }

  public init(results: [FireResult], missedNight: MissedNightRunner.Night?) {
    self.results = results
    self.missedNight = missedNight.map { MissedNight(date: $0.date, run: $0.ending.report) }
  }
}
