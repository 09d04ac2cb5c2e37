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
    var command = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      command += rest[..<open]
      if let close = rest[open...].firstIndex(of: "}") {
        let key = String(rest[rest.index(after: open)..<close])
        if let value = values[key] {
          command += Self.shellQuote(value)
          rest = rest[rest.index(after: close)...]
          continue
        }
        if let piece = verbatim[key] {
          command += piece
          rest = rest[rest.index(after: close)...]
          continue
        }
      }
      command += "{"
      rest = rest[rest.index(after: open)...]
    }
    return command + rest
  }

  /// Whether the template uses `{key}`.
  public func uses(_ key: String) -> Bool { text.contains("{\(key)}") }

  /// `value` as one shell word: as it is when it holds only characters the shell leaves alone,
  /// quoted otherwise.
  public static func shellWord(_ value: String) -> String {
    let plain =
      !value.isEmpty
      && value.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./:@=+,".unicodeScalars.contains($0))
      }
    return plain ? value : shellQuote(value)
  }

  /// POSIX single quoting; line breaks become spaces because a crontab line cannot hold them.
  public static func shellQuote(_ value: String) -> String {
    var quoted = "'"
    for character in value {
      switch character {
      case "'": quoted += "'\\''"
      case "\n", "\r", "\r\n": quoted += " "
      default: quoted.append(character)
      }
    }
    return quoted + "'"
  }
}
