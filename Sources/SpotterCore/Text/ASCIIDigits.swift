/// Reads runs of ASCII digits straight from UTF-8 bytes.
///
/// Dates, times and set numbers are read tens of thousands of times per import; going through
/// `Character` costs grapheme breaking on every byte, which made date parsing 40 times slower.
public enum ASCIIDigits {
  /// The value of a non-empty run of at most 18 ASCII digits, else nil.
  @inlinable public static func value<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var value = 0
    for byte in bytes {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// `byte` as two lowercase hex digits.
  public static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
  }

  /// `value` in decimal, left-padded with zeros to `width` digits.
  public static func padded(_ value: Int, width: Int) -> String {
    let text = String(value)
    return text.utf8.count >= width ? text : String(repeating: "0", count: width - text.utf8.count) + text
  }

  /// A plain decimal such as `100`, `102.5` or `.5` with at most 15 digits, else nil.
  ///
  /// Both the digits and the power of ten are exact doubles then, so one division rounds
  /// correctly (Clinger's fast path) and the result equals `Double(text)`.
  @inlinable public static func decimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Double? {
    var mantissa = 0
    var digits = 0
    var fractionDigits = 0
    var seenPoint = false
    for byte in bytes {
      if byte == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
        continue
      }
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      digits += 1
      // Past 15 digits the fast path is inexact anyway; stopping here also keeps a 19-digit cell
      // from overflowing the mantissa.
      guard digits <= 15 else { return nil }
      mantissa = mantissa * 10 + Int(byte - 0x30)
      if seenPoint { fractionDigits += 1 }
    }
    guard digits > 0, digits <= 15 else { return nil }
    return Double(mantissa) / powersOfTen[fractionDigits]
  }

  @usableFromInline static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }
}
