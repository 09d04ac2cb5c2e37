/// Where a workout session stands, mirroring the seeds' `WorkoutSession.SessionState`.
public enum SessionState: String, Sendable, Hashable, Codable, CaseIterable {
  case active
  case paused
  case completed
}
