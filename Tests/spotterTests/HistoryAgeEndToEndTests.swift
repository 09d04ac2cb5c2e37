import Foundation
import Testing
import _SpotterTestSupport

/// An export older than the weeks Spotter learns from, or none at all, is named with what to do,
/// instead of "0 sessions" and seven rest days without a word.
@Suite struct HistoryAgeEndToEndTests {
  @Test func anOldExportSaysWhyNothingWasLearned() async throws {
    let box = try Sandbox(program: "")
    let empty = try await box.spotter(["pattern"], now: "2026-11-24T00:20:41+01:00")
    #expect(empty.stderr.contains("note: nothing imported yet"), "\(empty.stderr)")
    // The examples end in November 2026; a year and two months later they teach nothing.
    _ = try await box.spotter(
      ["import", SpotterBinary.example("strong.csv")], now: "2026-11-24T00:20:41+01:00")
    for command in [["pattern"], ["plan", "--days", "7"], ["run", "--days", "1"]] {
      let late = try await box.spotter(command, now: "2028-01-24T21:30:12+01:00", writes: command[0] == "run")
      #expect(late.status == 0, "\(late.stderr)")
      #expect(
        late.stderr.contains("weeks ago; Spotter learns from the last 26 weeks, so it has learned nothing"),
        "\(command[0]): \(late.stderr)")
    }
    let recent = try await box.spotter(["plan"], now: "2026-11-24T00:20:41+01:00")
    #expect(!recent.stderr.contains("learned nothing"))
  }
}
