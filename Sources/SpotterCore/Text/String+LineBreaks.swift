extension String {
  /// Whether the text holds a line feed or a carriage return, by byte.
  ///
  /// `contains("\n")` compares Characters, and "\r\n" is one Character that is not "\n": a
  /// command or path with a CRLF in it passed that check, and in a crontab line or `sh -c` it
  /// ended the line.
  public var hasLineBreak: Bool {
    utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
  }

  /// The text cut at each LF or CRLF, empty lines kept: `split(separator: "\n")` compares
  /// Characters, and "\r\n" is one Character, so a CRLF file was one line.
  public func splitLines() -> [Substring] {
    split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
  }
}
