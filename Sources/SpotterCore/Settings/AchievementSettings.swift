/// Which achievements are announced (seed 000 §4), and what makes a record significant.
///
/// A setting that changes what is found belongs in ``FollowUpPlanner/digestKey(_:)`` too, or a stored
/// detection cursor would outlive it.
public struct AchievementSettings: Sendable, Hashable, Codable {
  public var records: Bool
  public var streaks: Bool
  public var consistency: Bool
  public var volume: Bool
  /// How much a weight or estimated 1RM must beat the last record by, in the user's unit; nil
  /// means 2.5 kg or 5 lb (seed 000: "nicht jedes 0.5kg").
  public var recordThreshold: Double?
  /// How many reps more than the last record at a weight make a new one.
  public var recordRepsThreshold: Int

  public init(
    records: Bool = true, streaks: Bool = true, consistency: Bool = true, volume: Bool = true,
    recordThreshold: Double? = nil, recordRepsThreshold: Int = 1
  ) {
    self.records = records
    self.streaks = streaks
    self.consistency = consistency
    self.volume = volume
    self.recordThreshold = recordThreshold
    self.recordRepsThreshold = recordRepsThreshold
  }

  /// The weight threshold in kilograms, for a user who weighs in `unit`.
  public func thresholdKilograms(unit: WeightUnit) -> Double {
    unit.kilograms(recordThreshold ?? (unit == .kilograms ? 2.5 : 5))
  }

  /// Whether any kind is on.
  public var anyEnabled: Bool { records || streaks || consistency || volume }
}
