/// How much of a workout may appear in event and notification texts.
public enum Privacy: String, Sendable, Hashable, Codable, CaseIterable {
  /// Workout names may appear.
  case standard
  /// Only generic words: no workout or exercise names, no weights (seed 000, Data Privacy).
  case minimal
}
