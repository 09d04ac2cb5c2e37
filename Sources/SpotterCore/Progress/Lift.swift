import Foundation

/// A lift watched for progressive overload.
public struct Lift: Sendable, Hashable, Codable {
  /// The English name, e.g. "Bench Press".
  public var name: String
  /// The German name, e.g. "Bankdrücken"; nil for a lift the user named.
  public var germanName: String?
  /// Legs get the bigger step (seed 000: "5kg für Beine").
  public var lowerBody: Bool
  /// Lowercase and hyphenated, for UIDs.
  public var slug: String

  public init(name: String, germanName: String?, lowerBody: Bool) {
    self.name = name
    self.germanName = germanName
    self.lowerBody = lowerBody
    self.slug = LiftMatcher.normalized(name).replacingOccurrences(of: " ", with: "-")
  }

  /// A lift as stored, its slug as it was made then: ``PlateauStateCoder`` reads lifts back
  /// without normalising their names again.
  init(name: String, germanName: String?, lowerBody: Bool, slug: String) {
    self.name = name
    self.germanName = germanName
    self.lowerBody = lowerBody
    self.slug = slug
  }
}
