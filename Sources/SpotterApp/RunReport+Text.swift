import Foundation
import SpotterCore

extension RunReport {
  /// What `spotter run` prints, and its run log holds: the imports, the plan, the outputs, the
  /// catch-up and `warning`, one line each. `spotter batch` writes the same for every user.
  public func lines(warning: String?) -> [String] {
    var lines = imports.map {
      "imported \($0.path) (\($0.format.rawValue)): \($0.summary.added) new, "
        + "\($0.summary.updated) updated, \($0.summary.unchanged) unchanged, "
        + "\($0.summary.duplicates) duplicates"
        + ($0.impossibleSets > 0
          ? ", \($0.impossibleSets) impossible \($0.impossibleSets == 1 ? "set" : "sets") left out" : "")
    }
    lines += unchanged.map { "skipped \($0): unchanged since its last import" }
    if let sync { lines.insert("synced \(sync.line)", at: 0) }
    lines.append(
      "planned \(Wording.count(reminders, "reminder")) (\(Wording.count(alarms, "alarm"))) for \(horizon.start)"
        + (horizon.days > 1 ? " to \(horizon.end.adding(days: -1))" : "")
        + (followUps > 0 ? " and \(followUps) follow-ups" : "")
        + ", \(changed) changed"
        + (failures.isEmpty ? "" : " (from the store, without the sources that failed)"))
    lines.append("wrote \(calendarPath) and \(agendaPath)")
    lines += catchUp.map { "catch-up: \($0.line)" }
    if let warning { lines.append("warning: \(warning)") }
    return lines
  }

  /// Every failure the run reports after its outputs are written: sources, then notifiers.
  public var failureMessages: [String] {
    failures.map(\.message) + catchUp.flatMap(\.failures)
  }
}
