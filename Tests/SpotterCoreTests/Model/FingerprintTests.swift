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
}
