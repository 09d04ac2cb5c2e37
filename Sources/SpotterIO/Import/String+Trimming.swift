extension String {
  /// The string without leading and trailing spaces and tabs.
  ///
  /// Foundation's `trimmingCharacters(in:)` bridges on Linux and dominated import time; almost every
  /// CSV cell has nothing to trim, so that case returns at once.
  var trimmed: String {
    let utf8 = self.utf8
    guard let first = utf8.first, let last = utf8.last else { return self }
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    if !isBlank(first) && !isBlank(last) { return self }
    let start = utf8.firstIndex { !isBlank($0) } ?? utf8.endIndex
    guard start != utf8.endIndex else { return "" }
    let end = utf8.lastIndex { !isBlank($0) }!
    return String(self[start...end])
  }
}
