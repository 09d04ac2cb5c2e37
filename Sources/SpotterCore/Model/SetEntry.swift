import Foundation

/// One performed (or planned) set of an exercise.
public struct SetEntry: Sendable, Hashable, Codable {
  public var kind: SetKind
  /// The weight as recorded, already rounded to 0.01 of ``unit``; nil for bodyweight or timed sets.
  public var weight: Double?
  public var unit: WeightUnit
  public var reps: Int?
  public var completed: Bool
  public var completedAt: Date?

  public init(
    kind: SetKind = .normal, weight: Double?, unit: WeightUnit, reps: Int?, completed: Bool = true,
    completedAt: Date? = nil
  ) {
    self.kind = kind
    self.weight = weight.map(SetEntry.roundNoise)
    self.unit = unit
    self.reps = reps
    self.completed = completed
    self.completedAt = completedAt
  }

  /// The heaviest weight a person can move, in kilograms, with room to spare: the importers
  /// refuse more, and sets stored before they did are left out of records and plateaus.
  public static let maximumKilograms = 1500.0
  /// The most reps one set can have.
  public static let maximumReps = 9_999

  /// Whether the weight and reps are within what a person can do.
  public var isPlausible: Bool {
    if let kilograms, !(kilograms.isFinite && kilograms >= 0 && kilograms <= Self.maximumKilograms) {
      return false
    }
    if let reps, !(0...Self.maximumReps).contains(reps) { return false }
    return true
  }

  /// The weight in kilograms, if any.
  public var kilograms: Double? { weight.map { unit.kilograms($0) } }

  /// Rounds away kg↔lb conversion noise such as `149.99999999999997`.
  public static func roundNoise(_ value: Double) -> Double {
    (value * 100).rounded() / 100
  }
}
