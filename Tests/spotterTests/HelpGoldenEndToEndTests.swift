import Foundation
import Testing
import _SpotterTestSupport

/// Every command's `--help`, pinned in `Snapshots/help-*.txt` as swift-argument-parser pins its
/// examples' help (re-recorded with `RECORD_SNAPSHOTS=1`). One test case per command, so one
/// change does not hide another.
@Suite struct HelpGoldenEndToEndTests {
  static let commands: [[String]] =
    [
      [], ["init"], ["run"], ["plan"], ["import"], ["pattern"], ["focus"], ["fire"], ["catch-up"], ["snooze"],
      ["skip"], ["done"], ["history"], ["agenda"], ["session"], ["achievements"], ["backtest"], ["sync"],
      ["batch"],
    ]
    + ["add", "list", "move", "rm", "import"].map { ["focus", $0] }
    + ["install", "uninstall"].map { ["agenda", $0] }
    + ["list", "pause", "resume", "end"].map { ["session", $0] }

  /// Every command the top-level help lists has its help pinned: `batch` had none.
  @Test func everyListedCommandIsPinned() async throws {
    let result = try await SpotterBinary.run(["--help"], environment: ["COLUMNS": "100"])
    // The section runs to its first blank line; "See 'spotter help …'" follows it.
    let section = result.stdout.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "\n\n")
      .first
    let listed =
      section?.split(separator: "\n")
      .compactMap { line -> String? in
        guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else {
          return nil
        }
        return String(name)
      } ?? []
    #expect(listed.count > 10, "\(result.stdout)")
    let pinned = Set(Self.commands.compactMap(\.first))
    #expect(
      Set(listed).subtracting(pinned).isEmpty, "not pinned: \(Set(listed).subtracting(pinned).sorted())")
  }

  @Test(arguments: commands)
  func helpIsPinned(_ command: [String]) async throws {
    // A fixed width, whatever terminal or CI runs the tests.
    let result = try await SpotterBinary.run(command + ["--help"], environment: ["COLUMNS": "100"])
    #expect(result.status == 0, "\(result.stderr)")
    try assertSnapshot(result.stdout, named: "help-\((["spotter"] + command).joined(separator: "-")).txt")
  }
}
