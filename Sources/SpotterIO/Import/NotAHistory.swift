import Foundation
import SpotterCore

/// Says what a file that is no history export is, from its first bytes, so that the error names
/// it in words ("an empty file", "UTF-16 text", "an iCalendar file", "binary data") with what to
/// do, instead of quoting its bytes as a header.
enum NotAHistory {
  /// How many bytes of a file are looked at, past a UTF-8 byte-order mark.
  static let bytesLookedAt = 4096

  /// The error for a file that begins with `bytes`, told from its first ``bytesLookedAt`` bytes
  /// past a byte-order mark, or nil when they may be a history's text: what the import looks at
  /// before a file is read whole, and the whole file's parse after.
  static func error(forStartOf bytes: [UInt8], file: String) -> SpotterIOError? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return error(for: Array(body.prefix(bytesLookedAt)), file: file)
  }

  /// The error for `prefix`, the first bytes of `file`, or nil when they may be a history's text.
  static func error(for prefix: [UInt8], file: String) -> SpotterIOError? {
    func error(_ what: Phrase, _ advice: Phrase) -> SpotterIOError {
      .notAHistory(file: file, what: what, advice: advice)
    }
    let export = Phrase(
      "export it again from Strong, Hevy or FitNotes (CSV), or Apple Health (export.zip), and import that",
      de: "exportiere noch einmal aus Strong, Hevy oder FitNotes (CSV) oder Apple Health (export.zip) und "
        + "importiere das")
    if prefix.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      return error(
        prefix.isEmpty
          ? Phrase("an empty file", de: "eine leere Datei")
          : Phrase("a file of blank lines", de: "eine Datei aus Leerzeilen"),
        export)
    }
    // Zeros are no UTF-16, which the test below would take them for: a file allocated and never
    // written, as a crash or `truncate` leaves one.
    if prefix.allSatisfy({ $0 == 0 }) {
      return error(
        Phrase(
          "nothing but zero bytes (never written, as a crash can leave a file)",
          de: "nur Null-Bytes (nie beschrieben, wie ein Absturz eine Datei hinterlassen kann)"),
        export)
    }
    if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF])
      || prefix.count >= 4 && (prefix[1] == 0 && prefix[3] == 0 || prefix[0] == 0 && prefix[2] == 0)
    {
      return error(
        Phrase(
          "UTF-16 text (as Excel's \"Unicode text\" saves it)",
          de: "UTF-16-Text (wie Excel \"Unicode-Text\" speichert)"),
        Phrase(
          "save it as \"CSV UTF-8\" and import that", de: "speichere als \"CSV UTF-8\" und importiere das"))
    }
    let text = String(decoding: prefix.prefix(64), as: UTF8.self).uppercased()
    if text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).hasPrefix("BEGIN:VCALENDAR") {
      return error(
        Phrase("an iCalendar file, not a workout history", de: "eine iCalendar-Datei, kein Trainingsverlauf"),
        Phrase(
          "to import its events as focus blocks, use: spotter focus import \(file)",
          de: "ihre Termine werden Fokusblöcke mit: spotter focus import \(file)"))
    }
    if prefix.starts(with: [0x50, 0x4B]) {
      return error(Phrase("a zip archive without a history", de: "ein Zip-Archiv ohne Verlauf"), export)
    }
    let controls = prefix.prefix(4096).filter { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) }
    if !controls.isEmpty {
      return error(Phrase("binary data, not text", de: "Binärdaten, kein Text"), export)
    }
    return nil
  }
}
