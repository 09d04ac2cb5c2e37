import Foundation
import SpotterCore
import SpotterIO

/// `spotter run --nightly`, the run cron starts: it goes only for the latest night that is due
/// and not yet claimed, and claims it before it starts, so every night runs exactly once however
/// often the crontab's lines fire (a line that moved later the same day, the first pass of a time
/// the machine's clock reads twice, two starts at the same minute).
public struct NightlyGate: Sendable {
  public let workspace: Workspace

  /// The user's date of the last night a nightly run claimed.
  static let claimKey = "nightly.claimed"

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// Decides, and claims the night when it is to run, in one transaction under the store's lock:
  /// two invocations at the same minute cannot both run it.
  public func claim() throws -> NightlyCronTime.Decision {
    let schedule = workspace.nightlySchedule
    return try workspace.store.write { store in
      let decision = schedule.decision(at: workspace.now, lastClaimed: try Self.lastClaimed(in: store))
      if case .run(let night) = decision { try Self.setClaimed(night, in: store) }
      return decision
    }
  }

  /// The user's date of the last night claimed, nil when none is.
  static func lastClaimed(in store: Store) throws -> LocalDate? {
    try store.setting(claimKey).flatMap { LocalDate(parsing: $0) }
  }

  /// Records `night` as the last one claimed.
  static func setClaimed(_ night: LocalDate, in store: Store) throws {
    try store.setSetting(claimKey, night.description)
  }

  /// The line a start that has nothing to do prints: cron appends it to the log.
  public func doneText(_ night: LocalDate) -> String {
    let start = workspace.nightlySchedule.instant(on: night)
    let local = PlanView.local(start, workspace.clock)
    return workspace.words.pick(
      "nightly run of \(night) (\(local)) already started; nothing to do",
      "der nächtliche Lauf vom \(night) (\(local)) hat schon begonnen; nichts zu tun")
  }
}
