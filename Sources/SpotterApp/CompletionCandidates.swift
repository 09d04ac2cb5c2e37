import Foundation
import SpotterCore
import SpotterIO

/// What the shell completes for arguments that name things in the store: reminder UIDs, focus
/// block ids and session ids. The completion scripts call the binary for them as the user types;
/// any failure (no store yet, a bad config) completes nothing rather than printing an error.
public enum CompletionCandidates {
  /// UIDs of reminders whose event is from today on and not cancelled.
  public static func reminderUIDs(words: [String], prefix: String) -> [String] {
    candidates(words: words, prefix: prefix) { workspace, store in
      try store.reminders(from: workspace.today).filter { $0.status == .confirmed }.map(\.uid)
    }
  }

  /// Ids of focus blocks.
  public static func focusBlockIDs(words: [String], prefix: String) -> [String] {
    candidates(words: words, prefix: prefix) { _, store in try store.focusBlocks().map(\.id) }
  }

  /// Ids of sessions still open (active or paused): the ones `session` acts on.
  public static func openSessionIDs(words: [String], prefix: String) -> [String] {
    candidates(words: words, prefix: prefix) { _, store in
      try store.sessions().filter { $0.state != .completed }.map(\.id)
    }
  }

  private static func candidates(
    words: [String], prefix: String, _ read: (Workspace, Store) throws -> [String]
  ) -> [String] {
    // The store and config the command line names so far, else the defaults.
    func value(_ option: String) -> String? {
      guard let index = words.firstIndex(of: option), index + 1 < words.count else { return nil }
      return words[index + 1]
    }
    guard
      let workspace = try? Workspace(
        options: SpotterOptions(configPath: value("--config"), databasePath: value("--db"))),
      let found = try? workspace.store.read({ try read(workspace, $0) })
    else { return [] }
    return Array(Set(found.filter { $0.hasPrefix(prefix) })).sorted()
  }
}
