import Foundation
import SpotterCore
import SpotterIO

/// `spotter achievements`: what the store remembers was earned, and when.
public struct AchievementService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Every achievement, oldest first; `kinds` narrows the list when not empty.
  public func list(kinds: Set<AchievementKind> = []) throws -> [AchievementItem] {
    let texts = ReminderTexts(language: workspace.settings.language, privacy: workspace.settings.privacy)
    return try workspace.openStore(readOnly: true).achievements()
      .filter { kinds.isEmpty || kinds.contains($0.kind) }
      .map { AchievementItem($0, texts: texts, clock: workspace.clock) }
  }
}
