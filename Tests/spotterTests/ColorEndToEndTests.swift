import Foundation
import Testing

/// `pattern --color auto|always|never`: shading only where asked or on a terminal, never with
/// `NO_COLOR` or into a pipe.
@Suite struct ColorEndToEndTests {
  @Test func colourIsOnlyWhereAsked() async throws {
    let box = try Sandbox()
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(
      try await box.spotter(
        ["run", "--history", SpotterBinary.example("strong.csv")], now: evening, writes: true
      )
      .status == 0)
    // The tests read through a pipe: auto means none.
    #expect(!(try await box.spotter(["pattern"], now: evening).stdout.contains("\u{1B}[")))
    #expect(try await box.spotter(["pattern", "--color", "always"], now: evening).stdout.contains("\u{1B}["))
    #expect(
      !(try await box.spotter(["pattern", "--color", "never"], now: evening).stdout.contains("\u{1B}[")))
    let bad = try await box.spotter(["pattern", "--color", "sometimes"], now: evening)
    #expect(bad.status == 64)
  }
}
