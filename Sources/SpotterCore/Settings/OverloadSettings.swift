/// Progressive overload suggestions (seed 000 §6).
public struct OverloadSettings: Sendable, Hashable, Codable {
  public var enabled: Bool
  /// The lifts watched for a plateau: built-in names or aliases ("squat", "Bankdrücken") or any
  /// exercise name.
  public var lifts: [String]
  /// Seed 000: "2.5kg für Oberkörper, 5kg für Beine"; pounds get 5 and 10.
  public var upperIncrementKilograms: Double
  public var lowerIncrementKilograms: Double
  public var upperIncrementPounds: Double
  public var lowerIncrementPounds: Double

  /// Seed 000: "3x hintereinander selbes Gewicht geschafft".
  public static let plateauSessions = 3
  public static let defaultLifts = ["squat", "bench press", "deadlift", "overhead press"]

  public init(
    enabled: Bool = true, lifts: [String] = OverloadSettings.defaultLifts,
    upperIncrementKilograms: Double = 2.5,
    lowerIncrementKilograms: Double = 5, upperIncrementPounds: Double = 5, lowerIncrementPounds: Double = 10
  ) {
    self.enabled = enabled
    self.lifts = lifts
    self.upperIncrementKilograms = upperIncrementKilograms
    self.lowerIncrementKilograms = lowerIncrementKilograms
    self.upperIncrementPounds = upperIncrementPounds
    self.lowerIncrementPounds = lowerIncrementPounds
  }

  /// The suggested step for a lift recorded in `unit`.
  public func increment(lowerBody: Bool, unit: WeightUnit) -> Double {
    switch (unit, lowerBody) {
    case (.kilograms, false): upperIncrementKilograms
    case (.kilograms, true): lowerIncrementKilograms
    case (.pounds, false): upperIncrementPounds
    case (.pounds, true): lowerIncrementPounds
    }
  }
}
