import SpotterIO

/// What importing one file did.
public struct FileImport: Sendable, Codable, Hashable {
  public var path: String
  public var format: HistoryFormat
  public var sessions: Int
  public var summary: ImportSummary
  /// Sets left out for a weight or reps no person can have done (the session kept).
  public var impossibleSets = 0
  /// Workouts left out whole: a date no calendar has, or outside 1970–2099; an end before the
  /// start (the others kept).
  public var leftOutWorkouts = 0
}
