import Foundation
import SpotterCore
import SpotterIO

/// `spotter session`: the seed's "Fortsetzen" and "Workout beenden" actions, and a pause the user
/// marks from the shell. Each change re-plans, so pause reminders appear, move or are cancelled at
/// once, and a finished session's achievements are announced.
public struct SessionService: Sendable {
  public let workspace: Workspace
  public let outputDirectory: String

  public init(workspace: Workspace, outputDirectory: String) {
    self.workspace = workspace
    self.outputDirectory = outputDirectory
  }

  /// What `session` can change a session to.
  public enum Change: String, Sendable {
    case pause, resume, end
  }

  /// Unfinished sessions and those of the last week, or with `all` every session; newest last.
  public func list(all: Bool) throws -> [SessionListItem] {
    let since = workspace.clock.startOfDay(workspace.today.adding(days: -7))
    return try workspace.store.read { store in
      let pending = try store.reminders(kinds: [.pausedWorkout]).filter {
        $0.status == .confirmed && $0.fire > workspace.now
      }
      return try store.sessions(includeSets: true).filter {
        all || $0.state.isUnfinished || $0.start >= since
      }
      .map { session in
        SessionListItem(
          session, reminders: pending.filter { $0.entity == session.id }, clock: workspace.clock)
      }
    }
  }

  /// Whether a completed session ended more than 48 hours before `now`: as long as an unfinished
  /// one stays open before it is stale (its second pause reminder, then a day), so pausing it
  /// could only abandon it.
  static func isHistory(_ session: Session, now: Date) -> Bool {
    now.timeIntervalSince(finished(session)) > 48 * 3600
  }

  /// When a completed session was last touched: its end, a later set, or a `session` command.
  static func finished(_ session: Session) -> Date { max(session.end ?? session.start, session.lastActivity) }

  /// Pauses, resumes or ends the session `id` (or the one session whose id starts with it) now.
  public func apply(_ change: Change, to id: String) throws -> (
    session: SessionListItem, outcome: PlanOutcome
  ) {
    try workspace.change(outputDirectory: outputDirectory) { storeChange in
      let store = storeChange.store
      let matches = try store.sessions(matching: id)
      guard matches.count == 1, var session = matches.first else {
        throw SpotterAppError.unknownSession(id: id, candidates: matches.map(\.id))
      }
      let state: SessionState
      switch (change, session.state) {
      case (.pause, .paused):
        throw SpotterAppError.sessionState(
          id: session.id, reason: Phrase("is already paused", de: "ist schon pausiert"))
      case (.pause, .completed) where Self.isHistory(session, now: workspace.now):
        // A prefix typed for today's session matched one of months ago, which became paused,
        // then abandoned: gone from learning and achievements.
        let ended = PlanView.local(Self.finished(session), workspace.clock)
        throw SpotterAppError.sessionState(
          id: session.id,
          reason: Phrase(
            "was completed \(ended), more than 48 hours ago; only a session finished since can be paused",
            de:
              "wurde \(ended) abgeschlossen, vor mehr als 48 Stunden; nur eine seitdem beendete lässt sich pausieren"
          ))
      case (.pause, _): state = .paused
      case (.resume, .paused), (.resume, .abandoned): state = .active
      case (.resume, let current):
        throw SpotterAppError.sessionState(
          id: session.id,
          reason: Phrase("is \(current.rawValue), not paused", de: "ist nicht pausiert (\(current.rawValue))")
        )
      case (.end, .completed):
        throw SpotterAppError.sessionState(
          id: session.id, reason: Phrase("is already completed", de: "ist schon abgeschlossen"))
      case (.end, _): state = .completed
      }
      let now = Date(timeIntervalSince1970: workspace.now.timeIntervalSince1970.rounded(.down))
      let (outcome, _) = try storeChange.plan(
        .from(workspace.today, count: 1), overrides: PlanOverrides(mark: (session.id, state))
      ) {
        try store.mark(session.id, state: state, at: now, records: $0.changed, findings: $0.findings)
      }
      session.mark(state, at: now)
      let pending = outcome.records.filter {
        $0.kind == .pausedWorkout && $0.entity == session.id && $0.status == .confirmed && $0.fire > now
      }
      return (SessionListItem(session, reminders: pending, clock: workspace.clock), outcome)
    }
  }
}
