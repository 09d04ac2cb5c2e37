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
      // A last line ending in CRLF ends in a line break too: "\r\n" is one Character.
      let ends = crontab.utf8.last == UInt8(ascii: "\n")
      return crontab + (ends ? "" : "\n") + text
    }
    let bytes = Array(crontab.utf8)
    return String(decoding: bytes[..<range.lowerBound], as: UTF8.self) + text
      + String(decoding: bytes[range.upperBound...], as: UTF8.self)
  }

  /// `crontab` without Spotter's block; unchanged when there is none.
  public static func removing(from crontab: String) throws(Problem) -> String {
    guard let range = try blockRange(in: crontab) else { return crontab }
    let bytes = Array(crontab.utf8)
    return String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
      + String(decoding: bytes[range.upperBound...], as: UTF8.self)
  }

  /// Whether `crontab` holds a block.
  public static func isInstalled(in crontab: String) throws(Problem) -> Bool {
    try blockRange(in: crontab) != nil
  }

  /// From the start of the BEGIN line to past the END line's line break, as UTF-8 offsets.
  ///
  /// Lines are cut at each LF byte: in Swift "\r\n" is one Character, so a crontab saved with
  /// CRLF endings was one line, its block was never found, and each install added another (every
  /// reminder then fired twice). A CR before the LF is trailing space to the markers.
  static func blockRange(in crontab: String) throws(Problem) -> Range<Int>? {
    let bytes = Array(crontab.utf8)
    let begin = Array(beginMarker.utf8)
    let end = Array(endMarker.utf8)
    var open: (offset: Int, line: Int)?
    var found: Range<Int>?
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      let lineEnd = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let next = lineEnd < bytes.count ? lineEnd + 1 : lineEnd
      var trimmed = lineEnd
      while trimmed > start,
        [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[trimmed - 1])
      {
        trimmed -= 1
      }
      let line = bytes[start..<trimmed]
      if line.elementsEqual(begin) || line.starts(with: begin + [UInt8(ascii: " ")]) {
        if open != nil || found != nil { throw .repeated(line: lineNumber) }
        open = (start, lineNumber)
      } else if line.elementsEqual(end) {
        guard let opened = open else { throw .strayEnd(line: lineNumber) }
        found = opened.offset..<next
        open = nil
      }
      start = next
    }
    if let open { throw .unterminated(line: open.line) }
    return found
  }
}
