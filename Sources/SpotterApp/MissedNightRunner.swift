import Foundation
import SpotterCore
import SpotterIO

/// The night an installed crontab's nightly line did not start, run by the next `catch-up` as
/// that line runs it.
///
/// cron does not make up for a time it was not running at: a laptop closed over the nightly
/// time planned nothing for the next day, so that day had no reminder at all, while the catch-up
/// line ran every ten minutes and found nothing due. The catch-up now runs the missed night once
/// (``NightlyGate`` claims it, so the nightly line, or a second catch-up, ends at once), with the
/// install's output folder and exports, as `run --nightly` on that line would have. Only nights
/// after the install: `agenda install` counts the night due when it ran as claimed.
/// systemd's nightly timer is `Persistent=true`, which makes up for them itself.
public struct MissedNightRunner: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// A night the line missed, run.
  public struct Night: Sendable {
    /// The user's date of the night.
    public var date: LocalDate
    public var ending: NightlyJob.Ending
  }

  /// Runs the latest night due when it is later than the last claimed (by the line, or by the
  /// install); nil when there is none, or no crontab block is installed for this store.
  ///
  /// Without catching up itself: the caller has just done so, before planning, as a night does.
  public func run(json: Bool = false) throws -> Night? {
    let gate = NightlyGate(workspace: workspace)
    let schedule = workspace.nightlySchedule
    // A look first, without the write lock, since every catch-up asks.
    let (installation, last) = try workspace.store.read { store in
      (try AgendaInstaller.installation(in: store), try NightlyGate.lastClaimed(in: store))
    }
    guard let installation, let last, case .run = schedule.decision(at: workspace.now, lastClaimed: last),
      case .run(let night) = try gate.claim()
    else { return nil }
    let ending = try NightlyJob(workspace: workspace).run(
      histories: installation.histories, horizon: .coming(count: workspace.settings.reminders.horizonDays),
      outputDirectory: installation.outputDirectory, catchUp: false, json: json)
    return Night(date: night, ending: ending)
  }

  /// What the catch-up says before the night's own lines.
  public func heading(_ night: LocalDate) -> String {
    let start = PlanView.local(workspace.nightlySchedule.instant(on: night), workspace.clock)
    return workspace.words.pick(
      "the nightly run of \(night) (\(start)) did not start (the machine was asleep or off); ran it now:",
      "der nächtliche Lauf vom \(night) (\(start)) hat nicht begonnen (der Rechner schlief oder war aus); "
        + "jetzt nachgeholt:")
  }
}
