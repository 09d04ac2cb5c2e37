/// How a bad value is shown inside an error message.
///
/// Values come from files people did not write by hand: a 1 MB cell or raw ESC and NUL bytes
/// would otherwise flood or reprogram the terminal that shows the error.
public enum ErrorText {
  /// The longest value shown, in characters; the rest is counted, not printed.
  public static let maximumLength = 80

  /// `value` in single quotes, escaped and cut to ``maximumLength`` characters.
  public static func quoted(_ value: String) -> String {
    "'" + escaped(value) + "'"
  }

  /// `value` with control characters written as `\n`, `\t`, `\e`, `\0` or `\u{…}`, cut to
  /// ``maximumLength`` characters with a count of what was left out.
  public static func escaped(_ value: String) -> String {
    var text = ""
    var shown = 0
    var total = 0
    for scalar in value.unicodeScalars {
      total += 1
      guard shown < maximumLength else { continue }
      shown += 1
      text += escape(scalar)
    }
    if total > shown { text += "… (\(total - shown) more characters)" }
    return text
  }

  /// Escapes the control characters of a whole message, keeping it on one line.
  public static func sanitized(_ message: String) -> String {
    var text = ""
    for scalar in message.unicodeScalars { text += escape(scalar) }
    return text
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x1B: return "\\e"
    case 0x00: return "\\0"
    // C0 and C1 controls, DEL, and the bidirectional overrides that can reorder what is shown.
    case 0x01...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
      return "\\u{" + String(scalar.value, radix: 16) + "}"
    default: return String(scalar)
    }
  }
}
