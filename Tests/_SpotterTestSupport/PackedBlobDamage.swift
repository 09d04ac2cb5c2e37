import Testing

/// The damage every packed blob of the store is refused for, never decoded into something else:
/// each truncation, the next version's first byte, and a byte past the end.
public enum PackedBlobDamage {
  public static func expectRefused<Value>(
    _ bytes: [UInt8], version: UInt8, decode: (UnsafeRawBufferPointer) -> Value?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for length in 0..<bytes.count {
      #expect(
        Array(bytes.prefix(length)).withUnsafeBytes(decode) == nil, "cut at \(length)",
        sourceLocation: sourceLocation)
    }
    var other = bytes
    other[0] = version + 1
    #expect(other.withUnsafeBytes(decode) == nil, "next version", sourceLocation: sourceLocation)
    #expect(
      (bytes + [0]).withUnsafeBytes(decode) == nil, "a byte past the end", sourceLocation: sourceLocation)
  }
}
