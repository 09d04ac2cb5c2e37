/// A stable 64-bit FNV-1a hash, for ids and change detection that must not vary between runs.
///
/// Swift's `Hasher` is seeded per process, so it cannot be stored or compared across runs.
public enum Fingerprint {
  public static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
    return value
  }

  /// Sixteen lowercase hex digits.
  public static func hex(_ text: String) -> String {
    let digits = String(hash(text), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
