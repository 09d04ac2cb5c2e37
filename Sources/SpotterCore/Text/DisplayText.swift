/// Names that came from a file or a server, made fit to show: a workout's name, an exercise's,
/// a calendar event's title.
///
/// They are printed in tables, written into calendars and passed to notifiers, where a raw ESC
/// would reprogram a terminal, a bidirectional override reorder the line, and a 1 MB title flood
/// every listing. So control characters become spaces, and a name is cut to
/// ``maximumLength`` characters, at the one place each model value is made.
public enum DisplayText {
  /// No workout, exercise or meeting is named in more words than this.
  public static let maximumLength = 200

  /// `text` with control characters as spaces, cut to ``maximumLength`` characters with `…`.
  public static func cleaned(_ text: String) -> String {
    // The common case, a short plain name, is returned as it is without a copy. Its bytes are
    // looked at in place where the string has them so (a native string always does): a store
    // cleans every session's name as it loads, and the view's iterator cost 300 instructions
    // for an eight-byte name.
    func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
      !bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2 }
    }
    if text.utf8.count <= maximumLength,
      text.utf8.withContiguousStorageIfAvailable(isPlain) ?? isPlain(text.utf8)
    {
      return text
    }
    var result = String.UnicodeScalarView()
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < maximumLength else {
        result.append("…")
        break
      }
      result.append(isControl(scalar) ? " " : scalar)
      count += 1
    }
    return String(result)
  }

  /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
