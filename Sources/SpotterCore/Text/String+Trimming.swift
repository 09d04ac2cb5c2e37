import Foundation

extension String {
  /// The text without the Unicode scalars of `set` at either end, as Foundation's
  /// `trimmingCharacters(in:)` trims them, without its trip through `NSString` on Linux: 17,000
  /// instructions a call, paid for every workout name and manifest line of a night. Text with
  /// nothing to trim is returned as it is.
  public func trimmingScalars(in set: CharacterSet) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return "" }
    if !set.contains(first) && !set.contains(last) { return self }
    guard let start = scalars.firstIndex(where: { !set.contains($0) }) else { return "" }
    let end = scalars.lastIndex { !set.contains($0) }!
    return String(Substring(scalars[start...end]))
  }
}
