import Foundation
import SpotterCore
import SpotterIO

/// `spotter achievements`: what the store remembers was earned, and when.
public struct AchievementService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// The achievements, oldest first; `kinds` narrows the list when not empty, `since` to those
  /// earned on or after a day, and `limit` to the newest that many.
  public func list(kinds: Set<AchievementKind> = [], since: LocalDate? = nil, limit: Int? = nil) throws
    -> [AchievementItem]
  {
    let texts = ReminderTexts(language: workspace.settings.language, privacy: workspace.settings.privacy)
    let chosen = try workspace.store.read { try $0.achievements() }
      .filter { achievement in
        (kinds.isEmpty || kinds.contains(achievement.kind)) && since.map { achievement.date >= $0 } ?? true
      }
    return chosen.suffix(limit ?? chosen.count).map {
      AchievementItem($0, texts: texts, clock: workspace.clock)
    }
  }
}
