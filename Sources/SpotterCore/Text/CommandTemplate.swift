import Foundation

/// A shell command with `{name}` placeholders, as the config writes notifiers and agenda lines.
///
/// Values are inserted single-quoted, so a workout named `Push %Day 'A'; $(rm -rf ~)` stays one
/// harmless argument; unknown placeholders are left as they are.
public struct CommandTemplate: Sendable, Hashable {
  public var text: String

  public init(_ text: String) {
    self.text = text
  }

  /// The command with each `{key}` of `values` replaced by its shell-quoted value and each `{key}`
  /// of `verbatim` by its text as it is (for pieces that are themselves quoted commands).
  public func expand(_ values: [String: String], verbatim: [String: String] = [:]) -> String {
    Self.fill(pieces(recognizing: Set(values.keys).union(verbatim.keys))) { key in
      values[key].map(Self.shellQuote) ?? verbatim[key] ?? ""
    }
  }

  /// `pieces` put back together, each placeholder replaced by what `placeholder` gives for its
  /// key (already quoted as it must be).
  public static func fill(_ pieces: [Piece], _ placeholder: (String) -> String) -> String {
    var command = ""
    for piece in pieces {
      switch piece {
      case .text(let text): command += text
      case .placeholder(let key): command += placeholder(key)
      }
    }
    return command
  }

  /// A part of the template: text as it is, or a placeholder to fill.
  public enum Piece: Sendable, Hashable {
    case text(String)
    case placeholder(String)
  }

  /// The template cut into text and the placeholders among `keys`, once, for a caller that fills
  /// it many times; any other `{…}` stays text.
  public func pieces(recognizing keys: Set<String>) -> [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      literal += rest[..<open]
      if let close = rest[open...].firstIndex(of: "}"),
        keys.contains(String(rest[rest.index(after: open)..<close]))
      {
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = ""
        pieces.append(.placeholder(String(rest[rest.index(after: open)..<close])))
        rest = rest[rest.index(after: close)...]
        continue
      }
      literal += "{"
      rest = rest[rest.index(after: open)...]
    }
    literal += rest
    if !literal.isEmpty { pieces.append(.text(literal)) }
    return pieces
  }

  /// The placeholders whose values come from outside: a history's workout names, a calendar's
  /// summaries.
  public static let valueKeys: Set<String> = ["title", "body", "uid", "kind", "start"]

  /// Why this template would let a value run as a command, or nil when every placeholder of
  /// `keys` stands where Spotter's own quoting keeps its value one plain argument.
  ///
  /// Spotter single-quotes each value, which is safe only where the shell reads the template's
  /// text unquoted: inside the user's own quotes (`"{body}"`, `'{body}'`) or after a backslash
  /// that quoting is undone, and `eval` or a nested `sh -c` parses the value again as shell code.
  /// Each of these ran a workout named `$(…)`, so such a template is refused, never repaired by
  /// guessing what was meant.
  public func unsafePlaceholder(keys: Set<String> = valueKeys) -> String? {
    enum Context { case plain, single, double }
    var context = Context.plain
    var escaped = false
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "{", let close = characters[index...].firstIndex(of: "}"),
        keys.contains(String(characters[(index + 1)..<close]))
      {
        let key = String(characters[(index + 1)..<close])
        let bare = "write {\(key)} bare, outside any quotes: Spotter quotes every value itself"
        if escaped {
          return "{\(key)} follows a backslash, which undoes Spotter's quoting; \(bare)"
        }
        switch context {
        case .single:
          return "{\(key)} is inside single quotes, where a quote in its value ends them; \(bare)"
        case .double:
          return "{\(key)} is inside double quotes, where the shell runs $(…) and `…` in its value; \(bare)"
        case .plain:
          if let evaluator = Self.evaluator(in: String(characters[..<index])) {
            return "{\(key)} is handed to \(evaluator), which runs its text as a command; "
              + "pass values as arguments or read them from $SPOTTER_\(key.uppercased())"
          }
        }
        index = close + 1
        continue
      }
      if escaped {
        escaped = false
      } else {
        switch (context, character) {
        case (.plain, "\\"), (.double, "\\"): escaped = true
        case (.plain, "'"): context = .single
        case (.single, "'"): context = .plain
        case (.plain, "\""): context = .double
        case (.double, "\""): context = .plain
        default: break
        }
      }
      index += 1
    }
    return nil
  }

  /// `eval`, or a shell given `-c`, among the words before a placeholder.
  private static func evaluator(in prefix: String) -> String? {
    let words = prefix.split(whereSeparator: { " \t;|&(`".contains($0) }).map {
      String($0.split(separator: "/").last ?? "")
    }
    if words.contains("eval") { return "eval" }
    let shells: Set<String> = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "busybox"]
    for (offset, word) in words.enumerated() where shells.contains(word) {
      if words[(offset + 1)...].contains(where: { $0.hasPrefix("-") && $0.dropFirst().contains("c") }) {
        return "\(word) -c"
      }
    }
    return nil
  }

  /// Whether the template uses `{key}`.
  public func uses(_ key: String) -> Bool { text.contains("{\(key)}") }

  /// `value` as one shell word: as it is when it holds only characters the shell leaves alone,
  /// quoted otherwise.
  public static func shellWord(_ value: String) -> String {
    // By bytes: every plain character is ASCII (a byte of a wider one is ≥ 0x80, never plain).
    // Through `CharacterSet.alphanumerics` it cost 14,000 instructions a word, every night.
    let plain = !value.isEmpty && value.utf8.allSatisfy(isPlain)
    return plain ? value : shellQuote(value)
  }

  /// ASCII letters and digits, and `-_./:@=+,`: what the shell leaves alone in a word.
  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-_./:@=+,".utf8.contains(byte)
    }
  }

  /// POSIX single quoting; line breaks become spaces because a crontab line cannot hold them.
  public static func shellQuote(_ value: String) -> String {
    // Byte by byte: every byte it changes is ASCII, and reading Characters cost a crontab of
    // 100,000 lines a second. A line break (CR, LF or CR LF, one Character) becomes one space.
    var quoted: [UInt8] = [UInt8(ascii: "'")]
    quoted.reserveCapacity(value.utf8.count + 2)
    var afterCR = false
    for byte in value.utf8 {
      defer { afterCR = byte == UInt8(ascii: "\r") }
      switch byte {
      case UInt8(ascii: "'"): quoted += [0x27, 0x5C, 0x27, 0x27]
      case UInt8(ascii: "\n") where afterCR: continue
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"): quoted.append(UInt8(ascii: " "))
      default: quoted.append(byte)
      }
    }
    quoted.append(UInt8(ascii: "'"))
    return String(decoding: quoted, as: UTF8.self)
  }

}
