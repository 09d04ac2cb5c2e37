import Foundation
import SpotterCore
import SpotterIO

/// `spotter backtest`: replays the store's own history in-process, night by night.
public struct BacktestService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// The report over the `weeks` weeks that end yesterday; only sessions before `--now` count.
  public func run(weeks: Int, parameters: LearningParameters = .standard, suggestLead: Bool = true) throws
    -> BacktestReport
  {
    try workspace.store.read {
      try run(store: $0, weeks: weeks, parameters: parameters, suggestLead: suggestLead)
    }
  }

  /// The same on a store a caller already has open, such as `pattern`'s read.
  public func run(
    store: Store, weeks: Int, parameters: LearningParameters = .standard, suggestLead: Bool = true
  ) throws -> BacktestReport {
    let sessions = try store.sessions().filter { $0.start < workspace.now }
    let last = workspace.today.adding(days: -1)
    let days = (0..<(weeks * 7)).map { last.adding(days: -weeks * 7 + 1 + $0) }
    return Backtester(settings: workspace.settings, parameters: parameters).run(
      sessions: sessions, days: days, suggestLead: suggestLead)
  }
}
