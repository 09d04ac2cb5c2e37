import Foundation

extension Plan {
  /// The part of this plan that falls in `horizon`: its reminders, notes and expected sessions.
  ///
  /// A plan of a longer span, restricted, is the plan of `horizon` as seen in that span: the
  /// rotation and streaks of the days before it are already counted, so every command sees one
  /// day the same way, whichever horizon it asked for.
  public func restricted(to horizon: Horizon) -> Plan {
    Plan(
      horizon: horizon, timeZone: timeZone, reminders: reminders.filter { horizon.contains($0.date) },
      notes: notes.filter { horizon.contains($0.date) },
      sessions: sessions.filter { horizon.contains($0.date) })
  }
}
