/// Where a detector stopped: after how many sessions in detection order, a digest of those
/// sessions and of the settings it read, and what it knew there.
///
/// A night with a new week of sessions resumes from here and reads only that week. The digest
/// covers every session before the cursor with its sets, so an edited, added or removed old
/// session, or a changed setting, makes the next run replay from the start.
public struct ProgressCursor<State: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
  /// How many sessions, in ``AchievementDetector/ordered(_:)`` order, the state has read.
  public var sessions: Int
  public var digest: String
  public var state: State

  public init(sessions: Int, digest: String, state: State) {
    self.sessions = sessions
    self.digest = digest
    self.state = state
  }
}
