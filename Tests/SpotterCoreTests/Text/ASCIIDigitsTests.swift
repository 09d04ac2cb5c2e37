import Testing

@testable import SpotterCore

@Suite struct ASCIIDigitsTests {
  @Test func plainDecimalsEqualTheFullParser() {
    var texts = ["0", "5.", ".5", "102.5", "0.1", "0.3", "99.99", "123456789012345", "1.23456789012345"]
    for hundredths in stride(from: 0, through: 50_000, by: 7) {
      texts.append("\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)")
    }
    for text in texts {
      #expect(ASCIIDigits.decimal(text.utf8) == Double(text), "\(text)")
    }
  }

  @Test func anythingElseIsLeftToTheFullParser() {
    for text in ["", ".", "1.2.3", "-5", "1e3", " 5", "1234567890123456", "٣"] {
      #expect(ASCIIDigits.decimal(text.utf8) == nil, "\(text)")
    }
  }

  @Test func integersAndPadding() {
    #expect(ASCIIDigits.value("0042".utf8) == 42)
    #expect(ASCIIDigits.value("".utf8) == nil)
    #expect(ASCIIDigits.value("4a".utf8) == nil)
    #expect(ASCIIDigits.padded(7, width: 2) == "07")
    #expect(ASCIIDigits.padded(2026, width: 4) == "2026")
    #expect(ASCIIDigits.padded(12345, width: 4) == "12345")
  }
}
