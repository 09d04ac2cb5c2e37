import SpotterCore

/// What ``OutputPublisher`` wrote: the two files, and what the records it wrote were.
public struct Publication: Sendable {
  public var calendarPath: String
  public var agendaPath: String
  /// The alarms the calendar carries, all still ahead.
  public var alarms: Int
  /// How many records were new, changed, cancelled or unchanged.
  public var counts: [RevisionChange: Int]
  /// Each record's change by UID, when the publisher was asked to keep them.
  public var changes: [String: RevisionChange]?
  /// The crontab block and vdir updates after the commit that failed.
  public var sinkFailures: [SinkFailure] = []
  /// Whether the calendar was built: false when the file on disk was published from the same
  /// inputs and left as it was without building it (``PublishedCalendar``).
  public var calendarBuilt = false
}
