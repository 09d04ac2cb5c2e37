import Foundation
import SpotterCore
import Testing

/// Names made fit to show: controls become spaces, a long name is cut, a plain one is kept.
@Suite struct DisplayTextTests {
  @Test func aPlainNameIsKeptAsItIs() {
    #expect(DisplayText.cleaned("Push Day") == "Push Day")
    #expect(DisplayText.cleaned("") == "")
    #expect(DisplayText.cleaned("Beinpresse für Männer") == "Beinpresse für Männer")
    #expect(DisplayText.cleaned("腿日 🏋️") == "腿日 🏋️")
    let longest = String(repeating: "a", count: DisplayText.maximumLength)
    #expect(DisplayText.cleaned(longest) == longest)
  }

  @Test func controlsAndOverridesBecomeSpaces() {
    #expect(DisplayText.cleaned("Push\u{1B}[2JDay") == "Push [2JDay")
    #expect(DisplayText.cleaned("a\tb\nc\u{7F}d") == "a b c d")
    #expect(DisplayText.cleaned("x\u{85}y\u{9F}z") == "x y z")
    #expect(DisplayText.cleaned("Leg \u{202E}yaD") == "Leg  yaD")
    #expect(DisplayText.cleaned("\u{2066}Pull\u{2069}") == " Pull ")
  }

  @Test func aLongNameIsCutWithAnEllipsis() {
    let cleaned = DisplayText.cleaned(String(repeating: "é", count: DisplayText.maximumLength + 5))
    #expect(cleaned == String(repeating: "é", count: DisplayText.maximumLength) + "…")
    let ascii = DisplayText.cleaned(String(repeating: "b", count: DisplayText.maximumLength + 1))
    #expect(ascii == String(repeating: "b", count: DisplayText.maximumLength) + "…")
  }

  /// A string Foundation hands over without contiguous UTF-8 is read the same way.
  @Test func aBridgedStringReadsTheSame() {
    let bridged = NSString(string: "Pull\u{1B}Day").substring(from: 0)
    #expect(DisplayText.cleaned(bridged) == "Pull Day")
    #expect(DisplayText.cleaned(NSString(string: "Rücken").substring(from: 0)) == "Rücken")
  }
}
