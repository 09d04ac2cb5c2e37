import Foundation

/// Three or more sessions in a row at the same top working weight, every set done, none failed.
public struct Plateau: Sendable, Hashable, Codable {
  public var lift: Lift
  /// The top working weight, in ``unit``.
  public var weight: Double
  public var unit: WeightUnit
  /// The sessions of the run, oldest first; the third formed the plateau.
  public var sessionIDs: [String]
  /// When the session that formed it ended, and its local date.
  public var formedAt: Date
  public var formedDate: LocalDate
  /// Whether the lift's latest session still belongs to the run.
  public var isCurrent: Bool

  public init(
    lift: Lift, weight: Double, unit: WeightUnit, sessionIDs: [String], formedAt: Date, formedDate: LocalDate,
    isCurrent: Bool
  ) {
    self.lift = lift
    self.weight = weight
    self.unit = unit
    self.sessionIDs = sessionIDs
    self.formedAt = formedAt
    self.formedDate = formedDate
    self.isCurrent = isCurrent
  }

  /// The reminder's entity: the lift and the run's first session, so each plateau gets one
  /// suggestion and a plateau formed again gets a new one.
  public var entity: String { "\(lift.slug)-\(sessionIDs[0])" }
}
