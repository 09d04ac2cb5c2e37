import SpotterCore
import Testing

@Suite struct ErrorTextTests {
  @Test func controlBytesAreEscapedAndLongValuesCut() {
    #expect(ErrorText.quoted("heavy") == "'heavy'")
    #expect(ErrorText.quoted("a\u{1B}[2Jb\u{0}c\nd\te") == "'a\\e[2Jb\\0c\\nd\\te'")
    #expect(ErrorText.quoted("\u{7}\u{9B}\u{202E}") == "'\\u{7}\\u{9b}\\u{202e}'")
    let long = String(repeating: "x", count: 1_000_000)
    #expect(ErrorText.quoted(long) == "'" + String(repeating: "x", count: 80) + "… (999920 more characters)'")
    #expect(
      ErrorText.quoted(String(repeating: "é", count: 80)) == "'" + String(repeating: "é", count: 80) + "'")
  }

  @Test func aWholeMessageKeepsToOneLine() {
    #expect(ErrorText.sanitized("file:2: bad '\u{1B}]0;pwned\u{7}'") == "file:2: bad '\\e]0;pwned\\u{7}'")
  }
}
