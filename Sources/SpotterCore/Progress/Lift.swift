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
    // The normalised name's words, joined by hyphens. Foundation's `replacingOccurrences` went
    // through `NSString`, whose first use, for the built-in lifts' four slugs, cost every night
    // 0.95 million instructions (callgrind, the unchanged 5-year night: 58.37 → 57.42 M).
    self.slug = LiftMatcher.normalized(name).split(separator: " ").joined(separator: "-")
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
