/// A bounds-checked cursor over one of Spotter's binary encodings: a damaged blob yields nil,
/// never a crash.
public struct ByteReader {
  public let bytes: UnsafeRawBufferPointer
  public private(set) var offset = 0

  public init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  public var isAtEnd: Bool { offset == bytes.count }

  /// The bytes not read yet: no more items than this can follow, as each takes at least one.
  /// A count read from a damaged blob is capped by it before anything is reserved, so two
  /// billion promised items never become a two-billion-item allocation.
  public var remaining: Int { bytes.count - offset }

  public mutating func byte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A varint small enough to be a count, an index or a rep number.
  public mutating func count() -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while let next = byte() {
      value |= UInt64(next & 0x7F) << shift
      if next & 0x80 == 0 { return value <= UInt64(Int32.max) ? Int(value) : nil }
      shift += 7
      if shift > 35 { return nil }
    }
    return nil
  }

  /// A zigzagged signed number of at most 32 bits.
  public mutating func signed() -> Int? {
    guard let zigzag = count() else { return nil }
    return (zigzag >> 1) ^ -(zigzag & 1)
  }

  public mutating func double() -> Double? {
    guard bytes.count - offset >= 8 else { return nil }
    var bits: UInt64 = 0
    for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    offset += 8
    return Double(bitPattern: bits)
  }

  /// Steps over `length` bytes; false when fewer are left.
  public mutating func skip(_ length: Int) -> Bool {
    guard bytes.count - offset >= length else { return false }
    offset += length
    return true
  }

  public mutating func text(_ length: Int) -> String? {
    guard bytes.count - offset >= length else { return nil }
    defer { offset += length }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
  }

  /// A length-prefixed string, as ``ByteWriter/appendText(_:to:)`` writes it.
  public mutating func text() -> String? {
    guard let length = count() else { return nil }
    return text(length)
  }
}
