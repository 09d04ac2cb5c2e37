import Foundation

/// A record or milestone one session earned.
public struct Achievement: Sendable, Hashable, Codable {
  /// Names the achievement for good: the store never announces a key twice.
  public var key: String
  public var kind: AchievementKind
  public var sessionID: String
  /// The session's local date.
  public var date: LocalDate
  /// When the session ended (its start, if it has no end).
  public var earnedAt: Date
  /// The exercise of a record, as the session names it.
  public var exercise: String?
  /// The new value: a weight or 1RM in ``unit``, reps, days, weeks or kilograms of volume.
  public var value: Double
  /// The record it beat, in the same measure.
  public var previous: Double?
  /// The rep count of a weight record.
  public var reps: Int?
  /// The weight of a reps record, in ``unit``; the weekly frequency of a consistency run.
  public var weight: Double?
  public var unit: WeightUnit
  /// When the announcement fires; nil when it was recorded without one (earned long before
  /// Spotter saw it).
  public var announceAt: Date?

  public init(
    key: String, kind: AchievementKind, sessionID: String, date: LocalDate, earnedAt: Date,
    exercise: String? = nil, value: Double, previous: Double? = nil, reps: Int? = nil, weight: Double? = nil,
    unit: WeightUnit = .kilograms, announceAt: Date? = nil
  ) {
    self.key = key
    self.kind = kind
    self.sessionID = sessionID
    self.date = date
    self.earnedAt = earnedAt
    self.exercise = exercise
    self.value = value
    self.previous = previous
    self.reps = reps
    self.weight = weight
    self.unit = unit
    self.announceAt = announceAt
  }
}
