/// Focus block alerts (seed 001).
public struct FocusSettings: Sendable, Hashable {
  /// How long before a block its alert fires; the seed's default is 5 minutes.
  public var minutesBefore: Int
  /// How many days ahead focus blocks are written to the outputs.
  public var horizonDays: Int

  public init(minutesBefore: Int = 5, horizonDays: Int = 14) {
    self.minutesBefore = minutesBefore
    self.horizonDays = horizonDays
  }
}
