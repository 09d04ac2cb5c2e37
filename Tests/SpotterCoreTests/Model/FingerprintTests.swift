import SpotterCore
import Testing

/// The fingerprint is FNV-1a over UTF-8, and must stay so: stored cursors and keys are compared
/// with digests of earlier runs. The values are FNV-1a's, computed elsewhere (Python).
@Suite struct FingerprintTests {
  @Test func textIsHashedAsFNV1aOverItsUTF8() {
    #expect(Fingerprint.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(Fingerprint.hash("a") == 0xaf63_dc4c_8601_ec8c)
    var one = Fingerprint()
    one.combine("héllo")
    #expect(one.value == 0x9e51_09ab_e5d2_f4ad)
    var two = Fingerprint()
    two.combine("Push Day")
    two.combine("下午")
    #expect(two.value == 0x4496_958e_8e1e_0af2)
  }

  /// A text hashed eight bytes a step is its length, then its UTF-8 as words with the tail a
  /// byte at a time, whether the string is stored inline (15 bytes or fewer), on the heap, or
  /// made from a slice.
  @Test func wordsOfATextAreItsLengthThenItsUTF8() {
    let long = String(repeating: "Bankdrücken 卧推 ", count: 5)
    let texts = ["", "a", "Push Day", "exactly 15 byte", "sixteen bytes ok", long, String(long.dropFirst(3))]
    for text in texts {
      var words = Fingerprint()
      words.combineWords(text)
      var expected = Fingerprint()
      let bytes = Array(text.utf8)
      expected.combineWord(UInt64(bytes.count))
      bytes.withUnsafeBytes { expected.combine(words: $0) }
      #expect(words.value == expected.value, "\(text.utf8.count) bytes")
    }
    var a = Fingerprint()
    a.combineWords("ab")
    a.combineWords("c")
    var b = Fingerprint()
    b.combineWords("a")
    b.combineWords("bc")
    #expect(a.value != b.value)
  }
}
