import Foundation
import SpotterCore
import Testing

/// The native trim trims what Foundation's `trimmingCharacters(in:)` trims.
@Suite struct StringTrimmingTests {
  @Test(arguments: [
    "", " ", "  \t ", "Push Day", "  Push Day  ", "\tLeg Day\n", "…Day 3!", "« Séance A »", "下午锻炼 ", " 💪 ",
    "a", " a", "a ", "\u{00A0}Mittwoch\u{2003}", "Day 1.", ".", "{\"id\":\"u1\"}\r",
  ])
  func trimsAsFoundationTrims(_ text: String) {
    for set in [
      CharacterSet.whitespaces, .whitespacesAndNewlines, .punctuationCharacters.union(.whitespaces),
    ] {
      #expect(text.trimmingScalars(in: set) == text.trimmingCharacters(in: set), "\(text)")
    }
  }
}
