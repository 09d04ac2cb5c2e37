import SpotterIO

/// One history file as read, before anything is stored: its sessions, and how many of its sets
/// were left out for impossible values.
public struct ReadHistory: Sendable {
  public var path: String
  public var format: HistoryFormat
  public var sessions: [PackedSession]
  public var impossibleSets = 0
}
