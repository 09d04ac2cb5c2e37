/// A stable 64-bit FNV-1a hash, for ids and change detection that must not vary between runs.
///
/// Swift's `Hasher` is seeded per process, so it cannot be stored or compared across runs.
public struct Fingerprint: Sendable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  public mutating func combine(_ text: String) {
    mix(utf8Of: text)
    mix(0xFF)  // Not valid UTF-8, so "ab"+"c" and "a"+"bc" differ.
  }

  /// Mixes raw bytes, e.g. an encoded form that already delimits its own parts.
  public mutating func combine(bytes: [UInt8]) {
    combine(UInt64(bytes.count))
    for byte in bytes { mix(byte) }
  }

  public mutating func combine(_ number: Double?) {
    combine(number?.bitPattern ?? Self.missingNumber)
  }

  /// A number or its absence in one step (``combineWord(_:)-(UInt64)``): the bytewise
  /// ``combine(_:)-(Double?)``'s values differ, as with every word-wise mix.
  public mutating func combineWord(_ number: Double?) {
    combineWord(number?.bitPattern ?? Self.missingNumber)
  }

  /// What stands for a missing number: a NaN no arithmetic produces, so nil never hashes as a
  /// number.
  private static let missingNumber: UInt64 = 0x7FF8_DEAD_0000_0001

  public mutating func combine(_ number: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: number >> shift)) }
  }

  /// Mixes eight bytes in one step: a quarter of the cost of ``combine(_:)-(UInt64)`` for
  /// digests that hash every set of years of history. Its values differ from the bytewise ones,
  /// so a digest must use one or the other throughout.
  public mutating func combineWord(_ word: UInt64) {
    value = (value ^ word) &* 0x0000_0100_0000_01B3
    value ^= value >> 29
  }

  /// Mixes `bytes` eight at a time through ``combineWord(_:)``, the tail a byte at a time, with no
  /// length or delimiter: for a stream whose length is its own, or is combined beside it.
  public mutating func combine(words bytes: UnsafeRawBufferPointer) {
    let words = bytes.count / 8
    for index in 0..<words {
      combineWord(bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
    }
    for byte in bytes[(words * 8)...] { mix(byte) }
  }

  /// Mixes `text`'s length and its UTF-8 eight bytes at a time (``combineWord(_:)``): for
  /// digests over every session of years, where a byte at a time was most of their cost.
  public mutating func combineWords(_ text: String) {
    combineWord(UInt64(text.utf8.count))
    // A native string's bytes in place; `withUTF8` on a copy retained and released each one.
    if text.utf8.withContiguousStorageIfAvailable({ combine(words: UnsafeRawBufferPointer($0)) }) == nil {
      var text = text
      text.withUTF8 { combine(words: UnsafeRawBufferPointer($0)) }
    }
  }

  /// Mixes `text`'s UTF-8 a byte at a time, over the contiguous bytes: the same values as through
  /// the `utf8` view, whose iterator cost 24 instructions a byte, 2% of an unchanged night in
  /// session digests alone.
  private mutating func mix(utf8Of text: String) {
    var text = text
    text.withUTF8 { for byte in $0 { mix(byte) } }
  }

  private mutating func mix(_ byte: UInt8) {
    value ^= UInt64(byte)
    value &*= 0x0000_0100_0000_01B3
  }

  public static func hash(_ text: String) -> UInt64 {
    var fingerprint = Fingerprint()
    fingerprint.mix(utf8Of: text)
    return fingerprint.value
  }

  /// Sixteen lowercase hex digits.
  public static func hex(_ text: String) -> String { Fingerprint.hex(hash(text)) }

  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
