import Foundation

extension NativeJSONImporter {
  /// Whether a file's first bytes look like Spotter's JSON history rather than any JSON or a file
  /// that opens with a bracket: an object with a `"sessions"` key, or an array whose first element
  /// is an object with a start (the keys ``sessions(_:)`` reads).
  ///
  /// Only a folder's or a glob's files are sorted so; a file named on its own is read as JSON and
  /// its error says what is wrong with it.
  static func looksLikeHistory(_ prefix: [UInt8]) -> Bool {
    let text = String(decoding: prefix, as: UTF8.self)
    let body = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if body.hasPrefix("{") { return text.contains("\"sessions\"") }
    guard body.hasPrefix("[") else { return false }
    return body.dropFirst().drop(while: \.isWhitespace).hasPrefix("{")
      && ["\"start\"", "\"start_date\"", "\"startDate\""].contains { text.contains($0) }
  }
}
