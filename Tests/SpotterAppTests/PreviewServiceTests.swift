import Foundation
import SpotterApp
import SpotterCore
import Testing

/// `plan` and `pattern` read and never write: no store is created, no output appears.
@Suite struct PreviewServiceTests {
  let evening = "2026-11-22T21:30:00+01:00"

  @Test func aPreviewOfAMissingStoreCreatesNothing() throws {
    let box = try AppSandbox()
    let preview = PreviewService(workspace: try box.workspace(at: evening))
    let plan = try preview.plan(.coming(count: 2))
    // The program's Monday is planned from the preferred time, with nothing learned.
    #expect(plan.events.map(\.uid) == ["workout-reminder-2026-11-23@spotter"])
    #expect(plan.events.first?.change == .new)
    #expect(try preview.pattern().pattern.sessionsConsidered == 0)
    #expect(!FileManager.default.fileExists(atPath: box.db))
    #expect(!FileManager.default.fileExists(atPath: box.out))
  }

  @Test func aPreviewAfterARunSeesWhatItWroteUnchanged() throws {
    let box = try AppSandbox()
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [try box.strongExport()], horizon: .coming(count: 2), outputDirectory: box.out)
    let before = try Data(contentsOf: URL(fileURLWithPath: box.db))
    let plan = try PreviewService(workspace: try box.workspace(at: evening)).plan(.coming(count: 2))
    #expect(!plan.events.isEmpty && plan.events.allSatisfy { $0.change == .unchanged })
    #expect(try Data(contentsOf: URL(fileURLWithPath: box.db)) == before)
  }
}
