import Foundation
import SpotterCore

/// Reads a text file that must be UTF-8, pointing at the first bad byte when it is not.
public enum UTF8File {
  /// The file's text; an unreadable file is an I/O error, bytes that are not UTF-8 a data
  /// error naming their line, and more than `limit` bytes a data error naming it a `kind`.
  public static func read(path: String, atMost limit: Int, kind: Phrase) throws -> String {
    try decode(try InputFile.contents(path, atMost: limit, kind: kind), fileName: path)
  }

  /// `data` as text, or ``SpotterIOError/notUTF8(file:line:value:)`` at the first invalid byte.
  public static func decode(_ data: Data, fileName: String) throws -> String {
    let bytes = [UInt8](data)
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let offset = firstInvalidOffset(bytes)
    let line = bytes.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let shown = bytes[offset..<min(offset + 4, bytes.count)].map { ASCIIDigits.hex($0) }.joined(
      separator: " ")
    throw SpotterIOError.notUTF8(file: fileName, line: line, value: shown)
  }

  /// The offset of the first byte that starts no valid UTF-8 sequence.
  static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length: Int
      switch byte {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return index
      }
      guard index + length <= bytes.count,
        String(validating: bytes[index..<index + length], as: UTF8.self) != nil
      else { return index }
      index += length
    }
    return bytes.count
  }
}
