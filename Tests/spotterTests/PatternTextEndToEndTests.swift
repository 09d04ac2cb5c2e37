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
    // Nine days after the last Strong session, longer than this person leaves: tomorrow is in a
    // silence, and `pattern` and `plan` say so with the same date.
    #expect(pattern.stdout.contains("No session since 2026-11-13, longer than you usually leave"))
    let plan = try await box.spotter(["plan", "--days", "2"], now: now)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(
      plan.stdout.contains(
        "2026-11-23  nothing since 2026-11-13, longer than you usually leave: taken as a week off"),
      "\(plan.stdout)")
    #expect(plan.stdout.contains("2026-11-24  rest day, no reminder asked for"), "\(plan.stdout)")
  }
}
