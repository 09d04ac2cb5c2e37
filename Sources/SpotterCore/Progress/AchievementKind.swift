/// The achievements of seed 000 §4 and seed 002's record columns.
public enum AchievementKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// The heaviest weight lifted for a rep count (seed 002 "Max Gewicht").
  case weightRecord = "weight-record"
  /// The best estimated one-rep max, by Brzycki (seed 002 "1RM").
  case oneRepMaxRecord = "one-rep-max-record"
  /// The most reps at a weight (seed 002 "Max Wdh.").
  case repsRecord = "reps-record"
  /// Training on 7, 30 or 100 consecutive days.
  case streak
  /// 12 weeks in a row meeting the learned weekly frequency ("3 Monate regelmäßig").
  case consistency
  /// Cumulative volume: 10,000, 50,000, 100,000 kg, then every 100,000 kg.
  case volume

  /// Whether this is one of the personal records.
  public var isRecord: Bool { self == .weightRecord || self == .oneRepMaxRecord || self == .repsRecord }
}
