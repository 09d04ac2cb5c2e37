import Foundation
import SpotterCore

/// What a planning run found that the store must remember: achievements seen for the first time
/// and sessions now abandoned.
public struct RunFindings: Sendable, Hashable {
  public var achievements: [Achievement]
  public var abandoned: [String]
  public var at: Date

  public init(achievements: [Achievement], abandoned: [String], at: Date) {
    self.achievements = achievements
    self.abandoned = abandoned
    self.at = at
  }
}
