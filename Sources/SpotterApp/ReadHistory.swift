import SpotterIO

/// One history file as read, before anything is stored: its sessions, and how many of its sets
/// and workouts were left out (an impossible value, a date no calendar has).
public struct ReadHistory: Sendable {
  public var path: String
  public var format: HistoryFormat
  public var sessions: [PackedSession]
  public var impossibleSets = 0
  public var leftOutWorkouts = 0
}
