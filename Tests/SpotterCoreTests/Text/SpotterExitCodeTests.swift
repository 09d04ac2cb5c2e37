import Foundation
import Testing

@testable import SpotterCore

/// The exit codes are one list: the help's sentence is made from it, and the README's paragraph
/// names exactly its codes.
@Suite struct SpotterExitCodeTests {
  @Test func theReadmeNamesEveryCodeAndNoOther() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = try #require(text.range(of: "Exit codes (sysexits): "))
    let end = try #require(text.range(of: "\n\n", range: start.upperBound..<text.endIndex))
    let paragraph = String(text[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\n", with: " ")
    let named = paragraph.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }
      .filter { $0 == 0 || (60...79).contains($0) }
    #expect(Set(named) == Set(SpotterExitCode.allCases.map(\.rawValue)), "\(paragraph)")
  }

  @Test func theHelpSentenceListsEveryCodeInOrder() {
    #expect(
      SpotterExitCode.summary
        == "Exit codes: 0 success, 64 usage, 65 bad data (history files, overlapping blocks, a malformed "
        + "answer from Hevy), 66 the batch manifest cannot be read, 69 a notifier failed or Hevy could not be reached, 70 an internal error, "
        + "74 I/O (a file, the store or the crontab), 75 another spotter process holds the store or Hevy's rate limit, "
        + "77 Hevy refused the API key, 78 bad config.")
  }
}
