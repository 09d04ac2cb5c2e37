import SpotterIO

/// What a sync of a live source did, for `spotter sync` and the nightly run's output.
public struct SyncReport: Sendable, Codable, Hashable {
  /// `hevy`.
  public var source: String
  /// Whether this was the first sync, which reads every workout.
  public var full: Bool
  /// Workouts (first sync) or events (later ones) read.
  public var received: Int
  public var summary: ImportSummary
  /// Sessions removed because their workout was deleted at the source.
  public var deleted: Int
  /// Another process synced meanwhile; this one's reading was dropped.
  public var superseded: Bool

  /// `hevy: first sync, 14 workouts: 14 new, 0 updated, 0 unchanged, 0 duplicates, 0 deleted`.
  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language.
  public func line(_ words: ConsoleWords) -> String {
    if superseded {
      return "\(source): "
        + words.pick(
          "another spotter process synced meanwhile; nothing changed",
          "ein anderer spotter-Prozess hat inzwischen synchronisiert; nichts geändert")
    }
    return "\(source): "
      + words.pick(
        "\(full ? "first sync, \(received) workouts" : "\(received) changes"): "
          + "\(summary.added) new, \(summary.updated) updated, \(summary.unchanged) unchanged, "
          + "\(summary.duplicates) duplicates, \(deleted) deleted",
        "\(full ? "erste Synchronisierung, \(received) Workouts" : "\(received) Änderungen"): "
          + "\(summary.added) neu, \(summary.updated) geändert, \(summary.unchanged) unverändert, "
          + "\(summary.duplicates) doppelt, \(deleted) gelöscht")
  }
}
