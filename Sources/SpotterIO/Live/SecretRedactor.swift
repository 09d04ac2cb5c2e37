import Foundation

/// Blanks a secret out of text that came from elsewhere, before anything cuts or shows it.
///
/// A server may echo the API key anywhere: whole, in another case, `\u`-escaped in JSON, or in
/// part (an excerpt cut through it). So every run of at least ``window`` characters that also
/// appears in the key, compared without case, becomes `(key)`; JSON `\uXXXX` escapes are read as
/// the characters they stand for first. The scan is one rolling hash over the text: linear in its
/// length, whatever the key.
public struct SecretRedactor: Sendable {
  /// What a blanked run becomes.
  public static let mark = "(key)"
  /// The shortest piece of the key that is blanked on its own: eight characters of a key carry
  /// 32 bits of a hex key's entropy, too much to leave, and are unlikely to occur by chance.
  public static let shortestPiece = 8

  private let key: [UInt32]
  private let window: Int
  private let hashes: Set<UInt64>
  private let pieces: Set<[UInt32]>

  /// A redactor of `secret`; a secret under 4 characters is too short to find safely and is
  /// left alone, as is text when the secret is empty.
  public init(secret: String) {
    key = secret.unicodeScalars.map { Self.folded($0.value) }
    window = key.count < 4 ? 0 : min(key.count, Self.shortestPiece)
    var hashes = Set<UInt64>()
    var pieces = Set<[UInt32]>()
    if window > 0 {
      for start in 0...(key.count - window) {
        let piece = Array(key[start..<start + window])
        pieces.insert(piece)
        hashes.insert(Self.hash(piece[...]))
      }
    }
    self.hashes = hashes
    self.pieces = pieces
  }

  /// Whether `text` holds the secret or a piece of it.
  public func finds(in text: String) -> Bool { redact(text) != text }

  /// `text` with every run that is a piece of the secret replaced by ``mark``.
  public func redact(_ text: String) -> String {
    guard window > 0 else { return text }
    // The characters as shown, and the same ones folded for comparison; a `\uXXXX` escape is one
    // character of each.
    var shown: [Unicode.Scalar] = []
    var folded: [UInt32] = []
    let scalars = Array(text.unicodeScalars)
    shown.reserveCapacity(scalars.count)
    folded.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\\", let (scalar, length) = Self.escape(scalars, at: index) {
        shown.append(scalar)
        folded.append(Self.folded(scalar.value))
        index += length
        continue
      }
      shown.append(scalars[index])
      folded.append(Self.folded(scalars[index].value))
      index += 1
    }
    guard folded.count >= window else { return text }
    var covered = [Bool](repeating: false, count: folded.count)
    var found = false
    // Rolling polynomial hash of the last `window` characters.
    var power: UInt64 = 1
    for _ in 1..<window { power = power &* Self.base }
    var rolling = Self.hash(folded[0..<window])
    for start in 0...(folded.count - window) {
      if start > 0 {
        rolling =
          (rolling &- UInt64(folded[start - 1]) &* power) &* Self.base
          &+ UInt64(folded[start + window - 1])
      }
      if hashes.contains(rolling), pieces.contains(Array(folded[start..<start + window])) {
        for position in start..<start + window { covered[position] = true }
        found = true
      }
    }
    guard found else { return text }
    var result = String.UnicodeScalarView()
    var position = 0
    while position < shown.count {
      if covered[position] {
        result.append(contentsOf: Self.mark.unicodeScalars)
        while position < shown.count && covered[position] { position += 1 }
      } else {
        result.append(shown[position])
        position += 1
      }
    }
    return String(result)
  }

  private static let base: UInt64 = 1_000_003

  private static func hash(_ piece: ArraySlice<UInt32>) -> UInt64 {
    piece.reduce(0) { $0 &* base &+ UInt64($1) }
  }

  /// ASCII letters in lower case; keys are ASCII, and other characters compare as they are.
  private static func folded(_ value: UInt32) -> UInt32 {
    (0x41...0x5A).contains(value) ? value + 0x20 : value
  }

  /// A JSON escape at `index` that hides a character: `\uXXXX` or `\/`.
  private static func escape(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
    guard index + 1 < scalars.count else { return nil }
    if scalars[index + 1] == "/" { return ("/", 2) }
    guard scalars[index + 1] == "u" || scalars[index + 1] == "U", index + 6 <= scalars.count else {
      return nil
    }
    var value: UInt32 = 0
    for scalar in scalars[(index + 2)..<(index + 6)] {
      guard scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else { return nil }
      value = value << 4 | digit
    }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, 6)
  }
}
