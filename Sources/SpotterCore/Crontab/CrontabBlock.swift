/// Spotter's marked block inside a user's crontab: `# BEGIN spotter` … `# END spotter`.
///
/// Only the block is ever replaced or removed; every other byte of the crontab stays as it was,
/// so the user's own lines, comments, blank lines and variables survive an install.
public struct CrontabBlock: Sendable, Hashable {
  public static let beginMarker = "# BEGIN spotter"
  public static let endMarker = "# END spotter"

  /// The block's lines between the markers.
  public var lines: [String]

  public init(lines: [String]) {
    self.lines = lines
  }

  /// The block as crontab text, markers included.
  public var text: String {
    ([Self.beginMarker] + lines + [Self.endMarker]).joined(separator: "\n") + "\n"
  }

  /// Why a crontab cannot be edited safely.
  public enum Problem: Error, Sendable, Hashable {
    case unterminated(line: Int)
    case repeated(line: Int)
    case strayEnd(line: Int)
  }

  /// `crontab` with this block in place of the old one, or appended when there is none.
  public func installing(into crontab: String) throws(Problem) -> String {
    guard let range = try Self.blockRange(in: crontab) else {
      if crontab.isEmpty { return text }
      return crontab + (crontab.hasSuffix("\n") ? "" : "\n") + text
    }
    return String(crontab[..<range.lowerBound]) + text + String(crontab[range.upperBound...])
  }

  /// `crontab` without Spotter's block; unchanged when there is none.
  public static func removing(from crontab: String) throws(Problem) -> String {
    guard let range = try blockRange(in: crontab) else { return crontab }
    return String(crontab[..<range.lowerBound]) + String(crontab[range.upperBound...])
  }

  /// Whether `crontab` holds a block.
  public static func isInstalled(in crontab: String) throws(Problem) -> Bool {
    try blockRange(in: crontab) != nil
  }

  /// From the start of the BEGIN line to past the END line's line break.
  static func blockRange(in crontab: String) throws(Problem) -> Range<String.Index>? {
    var begin: (index: String.Index, line: Int)?
    var found: Range<String.Index>?
    var lineNumber = 0
    var start = crontab.startIndex
    while start < crontab.endIndex {
      lineNumber += 1
      let lineEnd = crontab[start...].firstIndex(of: "\n") ?? crontab.endIndex
      let next = lineEnd < crontab.endIndex ? crontab.index(after: lineEnd) : lineEnd
      let line = crontab[start..<lineEnd].trimmingTrailingSpaces()
      if line == beginMarker || line.hasPrefix(beginMarker + " ") {
        if begin != nil || found != nil { throw .repeated(line: lineNumber) }
        begin = (start, lineNumber)
      } else if line == endMarker {
        guard let open = begin else { throw .strayEnd(line: lineNumber) }
        found = open.index..<next
        begin = nil
      }
      start = next
    }
    if let begin { throw .unterminated(line: begin.line) }
    return found
  }
}

extension Substring {
  fileprivate func trimmingTrailingSpaces() -> Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
      end = index(before: end)
    }
    return self[startIndex..<end]
  }
}
