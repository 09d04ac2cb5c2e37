import Foundation

/// What a planning run found that the store must remember: achievements seen for the first time,
/// sessions now abandoned, and where detection stopped.
public struct RunFindings: Sendable, Hashable {
  public var achievements: [Achievement]
  public var abandoned: [String]
  public var at: Date
  /// Where achievement detection stopped; saved with the achievements it found, so the next run
  /// resumes exactly after them. Nil when it stopped where the stored one did.
  public var achievementCursor: ProgressCursor<AchievementDetector.State>?
  /// Where plateau detection stopped, with the plateaus found; nil when as stored.
  public var plateauCursor: ProgressCursor<PlateauDetector.State>?
  /// The pattern this run learned, with the key of what it was learned from, for a later command
  /// of the same day to reuse.
  public var learned: LearnedPattern?

  /// Whether there is nothing to remember: no achievement, no abandoned session, and no cursor
  /// or pattern that differs from the stored one.
  public var isEmpty: Bool {
    achievements.isEmpty && abandoned.isEmpty && achievementCursor == nil && plateauCursor == nil
      && learned == nil
  }

  public init(
    achievements: [Achievement], abandoned: [String], at: Date,
    achievementCursor: ProgressCursor<AchievementDetector.State>? = nil,
    plateauCursor: ProgressCursor<PlateauDetector.State>? = nil, learned: LearnedPattern? = nil
  ) {
    self.achievements = achievements
    self.abandoned = abandoned
    self.at = at
    self.achievementCursor = achievementCursor
    self.plateauCursor = plateauCursor
    self.learned = learned
  }
}
