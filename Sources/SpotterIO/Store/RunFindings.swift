import Foundation
import SpotterCore

/// What a planning run found that the store must remember: achievements seen for the first time
/// and sessions now abandoned.
public struct RunFindings: Sendable, Hashable {
  public var achievements: [Achievement]
  public var abandoned: [String]
  public var at: Date
  /// What achievement detection ran over; kept so the next run can skip it when nothing changed.
  public var achievementDigest: String?
  /// The plateaus found and what they were found over, for the next run.
  public var plateauCache: FollowUpPlanner.PlateauCache?

  public init(
    achievements: [Achievement], abandoned: [String], at: Date, achievementDigest: String? = nil,
    plateauCache: FollowUpPlanner.PlateauCache? = nil
  ) {
    self.achievements = achievements
    self.abandoned = abandoned
    self.at = at
    self.achievementDigest = achievementDigest
    self.plateauCache = plateauCache
  }
}
