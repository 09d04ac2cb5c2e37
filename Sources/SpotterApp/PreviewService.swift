import Foundation
import SpotterCore

/// `spotter plan` and `spotter pattern`: what the next run would write and what was learned,
/// read from the store without writing anything, so the executable never opens a store itself.
public struct PreviewService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// The plan of `request` as the next run would make it, with the outputs' every event.
  public func plan(_ request: HorizonRequest) throws -> PlanView {
    let runner = NightlyRunner(workspace: workspace)
    let outcome = try workspace.store.read { store in
      // Every event is shown, so every one is read.
      try runner.plan(store: store, request: request, reading: runner.noticeHistoryAge(of:)).materialized()
    }
    return PlanView(outcome: outcome, now: workspace.now, clock: workspace.clock)
  }

  /// The learned week, with the last twelve weeks' replay for its useful rate.
  public func pattern() throws -> PatternView {
    let runner = NightlyRunner(workspace: workspace)
    // One read for both: a store from an older Spotter is copied and migrated in memory on
    // each read-only open.
    return try workspace.store.read { store in
      let pattern = try runner.pattern(store: store, reading: runner.noticeHistoryAge(of:))
      let backtest = try BacktestService(workspace: workspace).run(
        store: store, weeks: 12, suggestLead: false)
      return PatternView(pattern: pattern, settings: workspace.settings, backtest: backtest)
    }
  }
}
