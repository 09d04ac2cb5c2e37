import Foundation

/// Says what a file that is no history export is, from its first bytes, so that the error names
/// it in words ("an empty file", "UTF-16 text", "an iCalendar file", "binary data") with what to
/// do, instead of quoting its bytes as a header.
enum NotAHistory {
  /// The error for `prefix`, the first bytes of `file`, or nil when they may be a history's text.
  static func error(for prefix: [UInt8], file: String) -> SpotterIOError? {
    func error(_ what: String, _ advice: String) -> SpotterIOError {
      .notAHistory(file: file, what: what, advice: advice)
    }
    let export =
      "export it again from Strong, Hevy or FitNotes (CSV), or Apple Health (export.zip), and import that"
    if prefix.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      return error(prefix.isEmpty ? "an empty file" : "a file of blank lines", export)
    }
    if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF])
      || prefix.count >= 4 && (prefix[1] == 0 && prefix[3] == 0 || prefix[0] == 0 && prefix[2] == 0)
    {
      return error(
        "UTF-16 text (as Excel's \"Unicode text\" saves it)", "save it as \"CSV UTF-8\" and import that")
    }
    let text = String(decoding: prefix.prefix(64), as: UTF8.self).uppercased()
    if text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).hasPrefix("BEGIN:VCALENDAR") {
      return error(
        "an iCalendar file, not a workout history",
        "to import its events as focus blocks, use: spotter focus import \(file)")
    }
    if prefix.starts(with: [0x50, 0x4B]) {
      return error("a zip archive without a history", export)
    }
    let controls = prefix.prefix(4096).filter { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) }
    if !controls.isEmpty { return error("binary data, not text", export) }
    return nil
  }
}
