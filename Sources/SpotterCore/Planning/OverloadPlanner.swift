import Foundation

/// Plans seed 000 §6's suggestion for each current plateau: before the next session in which the
/// lift is planned or usually done, never during one, and once per plateau.
///
/// A lift belongs to an expected session when at least half of the last six sessions of that
/// workout (by name, or failing a name, by weekday) included it. The suggestion fires with the
/// workout reminder, the lead time before the usual start.
public struct OverloadPlanner: Sendable {
  public var settings: Settings
  public static let durationMinutes = 15
  /// How many earlier sessions of a workout decide whether it usually includes a lift.
  public static let usualSample = 6

  public init(settings: Settings) {
    self.settings = settings
  }

  /// - Parameters:
  ///   - sessions: the history, with sets.
  ///   - upcoming: the sessions the plan expects, soonest first.
  ///   - known: the stored follow-up reminders by UID; a suggestion whose alarm time has passed
  ///     is not made again.
  public func plan(
    plateaus: [Plateau], sessions: [Session], upcoming: [PlannedSession], known: [String: ReminderRecord],
    now: Date
  ) -> [Reminder] {
    guard settings.overload.enabled else { return [] }
    let clock = ZoneClock(timeZone: settings.timeZone)
    let texts = ReminderTexts(language: settings.language, privacy: settings.privacy)
    let matcher = LiftMatcher(names: settings.overload.lifts)
    var byName: [String: [Session]] = [:]
    var byWeekday: [Weekday: [Session]] = [:]
    for session in sessions where session.state == .completed {
      byName[session.workoutName.lowercased(), default: []].append(session)
      byWeekday[clock.localDate(session.start).weekday, default: []].append(session)
    }
    var reminders: [Reminder] = []
    for plateau in plateaus where plateau.isCurrent {
      let uid = Reminder.uid(kind: .overload, entity: plateau.entity, date: plateau.formedDate)
      if let made = known[uid], made.status == .confirmed, made.fire <= now { continue }
      let lead = TimeInterval(settings.reminders.leadMinutes * 60)
      let next = upcoming.first { expected in
        expected.start > now && expected.start > plateau.formedAt
          && usuallyIncludes(
            plateau.lift,
            in: expected.workoutName.flatMap { byName[$0.lowercased()] } ?? byWeekday[expected.date.weekday]
              ?? [],
            matcher: matcher)
      }
      guard let next else { continue }
      var fire = next.start.addingTimeInterval(-lead)
      if fire <= now { fire = PauseReminderPlanner.nextMinute(after: now) }
      fire = settings.quietHours?.adjust(fire, clock: clock) ?? fire
      let step = settings.overload.increment(lowerBody: plateau.lift.lowerBody, unit: plateau.unit)
      let (title, body) = texts.overload(
        lift: plateau.lift, weight: plateau.weight, unit: plateau.unit, sessions: plateau.sessionIDs.count,
        suggestion: plateau.weight + step)
      var reminder = Reminder(
        kind: .overload, entity: plateau.entity, date: clock.localDate(fire), start: fire,
        end: fire.addingTimeInterval(TimeInterval(Self.durationMinutes * 60)), fire: fire, title: title,
        body: body,
        workoutName: next.workoutName,
        reason:
          "\(plateau.lift.name) plateau at \(ReminderTexts.amount(plateau.weight)) \(plateau.unit.rawValue) "
          + "since \(plateau.formedDate), before the session of \(next.date)")
      reminder.uid = uid
      reminders.append(reminder)
    }
    return reminders
  }

  /// Whether at least half of the last sessions of a workout included the lift.
  private func usuallyIncludes(_ lift: Lift, in sessions: [Session], matcher: LiftMatcher) -> Bool {
    let sample = sessions.suffix(Self.usualSample)
    guard !sample.isEmpty else { return false }
    let including = sample.filter { $0.realExercises.contains { matcher.lift(for: $0.name) == lift } }
    return including.count * 2 >= sample.count
  }
}
