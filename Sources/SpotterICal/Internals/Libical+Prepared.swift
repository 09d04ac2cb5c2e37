import Foundation
import SpotterCore

/// Text made safe to hand to libical's parser in time linear in its length.
///
/// Two shapes of input cost libical time that grows with the square of their size:
/// - a long physical line: its line reader copies a line 1,024 bytes at a time and looks for the
///   line's end from the current position each time, so a 4 MB line takes 4,000 scans of up to
///   4 MB (1.4 s at 4 MB, over a minute at 10 MB);
/// - many parameters on one property: each one added is compared with those already there.
///
/// And one shape crashes it: components nested a few hundred thousand deep (`BEGIN:VEVENT` two
/// million times in 56 MB, well under a calendar's size limit) overflow the stack of its
/// recursive parse and free.
///
/// So lines longer than ``longestPhysicalLine`` bytes are folded (RFC 5545 Section 3.1: CRLF and a
/// space, which libical unfolds again) into pieces it reads in one step each, a property with
/// more than ``mostParameters`` parameters is refused with its line (no real property has more
/// than a handful), and so is a BEGIN more than ``deepestNesting`` components deep.
extension Libical {
  /// Lines up to this many bytes pass unchanged: every line a calendar program writes is shorter.
  static let longestPhysicalLine = 1_000
  static let mostParameters = 100
  /// The deepest a calendar program nests is three (VCALENDAR, VEVENT or VTODO, VALARM;
  /// VCALENDAR, VTIMEZONE, STANDARD); RFC 7953's availability and RFC 9073's locations add one.
  static let deepestNesting = 16

  static func prepared(_ text: String, fileName: String) throws -> String {
    var bytes = Array(text.utf8)
    var needsFolding = false
    var lineStart = 0
    var lineNumber = 1
    // Parameters of the logical line being read, counted up to its first unquoted colon.
    var parameters = 0
    var inValue = false
    var quoted = false
    var logicalLine = 1
    var name: [UInt8] = []
    // Components open at this point: a BEGIN adds one, an END takes one (never below none).
    var depth = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        if index - lineStart > longestPhysicalLine { needsFolding = true }
        lineStart = index + 1
        lineNumber += 1
        // A line that starts with a space or tab continues the one before.
        let continues = index + 1 < bytes.count && (bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09)
        if !continues {
          parameters = 0
          inValue = false
          quoted = false
          logicalLine = lineNumber
          name = []
        }
        index += 1
        continue
      }
      if !inValue {
        switch byte {
        case 0x22: quoted.toggle()
        case 0x3B where !quoted:
          parameters += 1
          guard parameters <= mostParameters else {
            throw SpotterICalError.unparsable(
              file: fileName, line: logicalLine,
              reason:
                "property \(ErrorText.quoted(String(decoding: name, as: UTF8.self))) has more than \(mostParameters) parameters; a calendar property has a few"
            )
          }
        case 0x3A where !quoted:
          inValue = true
          if parameters == 0 {
            try nest(
              name, depth: &depth, line: logicalLine, bytes: bytes, valueAt: index + 1, fileName: fileName)
          }
        default: if parameters == 0 && name.count < 64 && byte != 0x0D { name.append(byte) }
        }
      }
      index += 1
    }
    if bytes.count - lineStart > longestPhysicalLine { needsFolding = true }
    guard needsFolding else { return text }
    return String(decoding: folded(&bytes), as: UTF8.self)
  }

  /// Counts a BEGIN or END line into `depth`, and refuses a BEGIN that nests deeper than
  /// ``deepestNesting``. `name` is the property name read so far (up to 64 bytes, no CR).
  private static func nest(
    _ name: [UInt8], depth: inout Int, line: Int, bytes: [UInt8], valueAt start: Int, fileName: String
  ) throws {
    // Property names are case-insensitive; setting bit 5 lowers ASCII letters.
    func named(_ word: String) -> Bool { name.elementsEqual(word.utf8) { $0 | 0x20 == $1 } }
    if named("end") {
      depth = max(0, depth - 1)
      return
    }
    guard named("begin") else { return }
    depth += 1
    guard depth > deepestNesting else { return }
    var end = start
    while end < bytes.count && end - start < 64 && bytes[end] != 0x0D && bytes[end] != 0x0A { end += 1 }
    let component = String(decoding: bytes[start..<end], as: UTF8.self)
    throw SpotterICalError.unparsable(
      file: fileName, line: line,
      reason:
        "BEGIN:\(ErrorText.escaped(component)) nests components more than \(deepestNesting) deep; a calendar nests three"
    )
  }

  /// `bytes` with every physical line over ``longestPhysicalLine`` bytes folded into pieces of at
  /// most that many, never inside a UTF-8 sequence.
  private static func folded(_ bytes: inout [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 64)
    var column = 0
    for byte in bytes {
      if byte == 0x0A {
        column = 0
        result.append(byte)
        continue
      }
      // Fold before a byte that starts a character (not a UTF-8 continuation byte).
      if column >= longestPhysicalLine - 2 && byte & 0xC0 != 0x80 && byte != 0x0D {
        result.append(contentsOf: [0x0D, 0x0A, 0x20])
        column = 1
      }
      result.append(byte)
      column += 1
    }
    return result
  }
}
