/// Appends the parts of Spotter's compact binary encodings: LEB128 varints and little-endian
/// doubles.
public enum ByteWriter {
  public static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// A signed number, zigzagged so small negatives stay one byte.
  public static func appendSigned(_ value: Int, to bytes: inout [UInt8]) {
    appendVarint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))), to: &bytes)
  }

  public static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
    var bits = value.bitPattern.littleEndian
    withUnsafeBytes(of: &bits) { bytes.append(contentsOf: $0) }
  }

  public static func appendText(_ text: String, to bytes: inout [UInt8]) {
    let utf8 = text.utf8
    appendVarint(UInt64(utf8.count), to: &bytes)
    bytes.append(contentsOf: utf8)
  }
}
