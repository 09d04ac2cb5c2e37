import Foundation
import Testing
import _SpotterTestSupport

/// `spotter pattern`'s text, pinned (`Snapshots/text-pattern.txt`, re-recorded with
/// `RECORD_SNAPSHOTS=1`): a legend under the heatmap, `-` for a weekday never trained, a "From"
/// column as wide as its entries, and one name per quantity (Probability and Confidence, as in
/// the JSON).
@Suite struct PatternTextEndToEndTests {
  @Test func theTableIsPinned() async throws {
    let box = try Sandbox(program: "")
    let now = "2026-11-22T21:30:00+01:00"
    _ = try await box.spotter(["import", SpotterBinary.example("strong.csv")], now: now)
    let pattern = try await box.spotter(["pattern", "--color", "never"], now: now)
    #expect(pattern.status == 0, "\(pattern.stderr)")
    try assertSnapshot(pattern.stdout, named: "text-pattern.txt")
    #expect(pattern.stdout.contains("Tue    -    -       -             0"))
    #expect(pattern.stdout.contains("· none  ░ ▒ ▓ █"))
  }
}
