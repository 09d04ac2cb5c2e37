extension FocusBlock {
  /// The series an imported block belongs to: its event's UID as an id like a block's, for an
  /// occurrence of a repeating event (`ics:UID/INSTANT`); nil for every other block.
  public var seriesID: String? {
    guard let key = sourceKey, key.hasPrefix("ics:"), let slash = key.lastIndex(of: "/") else { return nil }
    return FocusBlock.id(for: String(key[..<slash]))
  }
}
