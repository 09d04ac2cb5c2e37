import Foundation

/// What a command is about to save, planned as if it were saved already: the planner sees these
/// in place of the snapshot's, so the outputs it writes match the store it commits.
public struct PlanOverrides: Sendable {
  /// Replaces the stored focus blocks (`focus add`, `move`, `remove`, `import`).
  public var blocks: [FocusBlock]?
  /// Replaces the stored skipped days (`skip`).
  public var skipped: Set<LocalDate>?
  /// Sets one session's state (`session pause`, `resume`, `end`).
  public var mark: (id: String, state: SessionState)?
  /// Replaces the stored snoozes and done marks (`done --undo`).
  public var actions: [String: ReminderAction]?

  public init(
    blocks: [FocusBlock]? = nil, skipped: Set<LocalDate>? = nil,
    mark: (id: String, state: SessionState)? = nil,
    actions: [String: ReminderAction]? = nil
  ) {
    self.blocks = blocks
    self.skipped = skipped
    self.mark = mark
    self.actions = actions
  }

  /// None: the store as it is.
  public static let none = PlanOverrides()
}
