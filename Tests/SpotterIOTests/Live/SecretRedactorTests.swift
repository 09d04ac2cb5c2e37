import Foundation
import SpotterCore
import Testing

@testable import SpotterIO

@Suite struct SecretRedactorTests {
  let key = "3f2a9c1e-77b4-4d0e-9a51-c0ffee123456"

  @Test func theKeyIsBlankedWholeInAnyCaseEscapedOrInPart() {
    let redactor = SecretRedactor(secret: key)
    #expect(redactor.redact("a \(key) b") == "a (key) b")
    #expect(redactor.redact("a \(key.uppercased()) b") == "a (key) b")
    let escaped = key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
    #expect(redactor.redact("{\"x\": \"\(escaped)\"}") == "{\"x\": \"(key)\"}")
    // A piece cut at either end, eight characters or more, goes too; shorter is chance.
    #expect(redactor.redact("…" + key.prefix(20)) == "…(key)")
    #expect(redactor.redact(key.suffix(9) + "!") == "(key)!")
    #expect(redactor.redact("3f2a9c1") == "3f2a9c1")
    #expect(redactor.redact("nothing to see") == "nothing to see")
    #expect(redactor.redact("") == "")
  }

  @Test func shortSecretsAreLeftAloneAndTheScanIsLinear() {
    #expect(SecretRedactor(secret: "abc").redact("abc abc") == "abc abc")
    #expect(SecretRedactor(secret: "abcd").redact("xabcdx") == "x(key)x")
    // 4 MB without the key, then with it at the end: one pass each, well within a test's time.
    let long = String(repeating: "0123456789", count: 400_000)
    let redactor = SecretRedactor(secret: key)
    #expect(redactor.redact(long) == long)
    #expect(redactor.redact(long + key).hasSuffix("(key)"))
  }

  @Test func retryAfterIsReadWithinBoundsWhateverItSays() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let year = HevyClient.longestReadableRetryAfter
    #expect(HevyClient.retryAfter("0", now: now) == 0)
    #expect(HevyClient.retryAfter(" 120 ", now: now) == 120)
    #expect(HevyClient.retryAfter("99999999999999999999", now: now) == year)
    #expect(HevyClient.retryAfter("000000000000000000005", now: now) == 5)
    for nonsense in ["1e300", "inf", "-1", "nan", "", "1.5", "0x10", String(repeating: "9", count: 100)] {
      let value = HevyClient.retryAfter(nonsense, now: now)
      #expect(value == nil || value == year, "\(nonsense)")
    }
    // `now` is Friday 15 January 2027, 08:00 GMT.
    #expect(HevyClient.retryAfter("Fri, 15 Jan 2027 08:10:00 GMT", now: now) == 600)
    #expect(HevyClient.retryAfter("Sat, 15 Jan 2000 08:00:00 GMT", now: now) == 0)
    #expect(HevyClient.retryAfter("Sun, 15 Jan 2100 08:00:00 GMT", now: now) == year)
    #expect(HevyClient.describe(seconds: .infinity) == "more than a year")
    #expect(HevyClient.describe(seconds: -.infinity) == "0 s")
    #expect(HevyClient.describe(seconds: .nan) == "0 s")
    #expect(HevyClient.describe(seconds: 3 * 86400) == "3 days")
  }

  /// An error is redacted in both its languages: the German message of a server that echoed the
  /// key shows it no more than the English one.
  @Test func anErrorIsRedactedInEveryLanguage() {
    let error = SpotterIOError.liveSource(
      address: "https://api.example/v1", status: 500,
      reason: Phrase("server error (\(key))", de: "Serverfehler (\(key))"))
    let redacted = error.redacting(SecretRedactor(secret: key))
    for language in Language.allCases {
      #expect(!redacted.message(language).contains(key), "\(language)")
      #expect(redacted.message(language).contains(SecretRedactor.mark))
    }
  }
}
