import SpotterCore

/// What `spotter run` did, for its text and JSON output.
public struct RunReport: Sendable, Codable {
  public var imports: [FileImport]
  /// Exports unchanged since their last import, not parsed again.
  public var unchanged: [String] = []
  /// Sources that could not be imported; the run planned from the store without them.
  public var failures: [ImportFailure] = []
  public var horizon: Horizon
  public var reminders: Int
  /// Paused-workout reminders, achievement announcements and overload suggestions planned.
  public var followUps: Int
  public var alarms: Int
  /// Each reminder's change by UID, when the run was asked to keep them.
  public var changes: [String: RevisionChange]
  /// How many reminders were new, changed or cancelled; not in the JSON, which lists ``changes``.
  public var changed: Int = 0
  public var calendarPath: String
  public var agendaPath: String
  /// What the catch-up before planning delivered, skipped or discarded.
  public var catchUp: [FireResult]
  /// What the live source's sync brought, when one is configured and answered.
  public var sync: SyncReport? = nil
  /// The crontab block and vdir updates after the commit that failed.
  public var sinkFailures: [SinkFailure] = []
  /// Whether the history is no pattern yet and no `[program]` is set, so no workout was planned:
  /// said in the text, where "planned 0 reminders" alone left a new person guessing why.
  public var noPatternYet = false

  enum CodingKeys: String, CodingKey {
    case imports, unchanged, failures, horizon, reminders, followUps, alarms, changes, calendarPath,
      agendaPath
    case catchUp, sync, sinkFailures
  }
}
