/// What an import did, session by session.
public struct ImportSummary: Sendable, Hashable, Codable {
  /// Sessions not seen before.
  public var added = 0
  /// Sessions seen before whose content changed (e.g. a longer re-export of an unfinished workout).
  public var updated = 0
  /// Sessions seen before, unchanged.
  public var unchanged = 0
  /// Sessions that another app's export already recorded (a start within ten minutes).
  public var duplicates = 0

  public init() {}

  public static func + (lhs: ImportSummary, rhs: ImportSummary) -> ImportSummary {
    var sum = lhs
    sum.added += rhs.added
    sum.updated += rhs.updated
    sum.unchanged += rhs.unchanged
    sum.duplicates += rhs.duplicates
    return sum
  }
}
