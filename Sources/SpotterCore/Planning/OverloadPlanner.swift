import Foundation

/// Plans seed 000 §6's suggestion for each current plateau: before the next session in which the
/// lift is planned or usually done, never during one, and once per plateau (a skipped session
/// carries it to the next); the lifts of one session share one suggestion.
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
    plan(plateaus: plateaus, sessions: sessions, upcoming: upcoming, known: known, now: now) { _ in true }
      ?? []
  }

  /// ``plan(plateaus:sessions:upcoming:known:now:)`` where only the sessions for which `hasSets`
  /// holds carry their sets; nil when it needs those of another.
  func plan(
    plateaus: [Plateau], sessions: [Session], upcoming: [PlannedSession], known: [String: ReminderRecord],
    now: Date, hasSets: (Session) -> Bool
  ) -> [Reminder]? {
    // Without a current plateau there is nothing to suggest: most nights, for most people, and
    // the grouping of years of sessions below would be read for nothing.
    guard settings.overload.enabled, plateaus.contains(where: \.isCurrent) else { return [] }
    let clock = ZoneClock(timeZone: settings.timeZone)
    let texts = ReminderTexts(language: settings.language, privacy: settings.privacy)
    let matcher = LiftMatcher(names: settings.overload.lifts)
    let (byName, byWeekday) = Self.workouts(sessions, clock: clock)
    // When each plateau's suggestion went off: older records name one plateau as it is, newer
    // ones every plateau of their session, escaped and separated by spaces.
    var suggestedAt: [String: Date] = [:]
    for record in known.values
    where record.kind == .overload && record.status == .confirmed && record.fire <= now {
      guard let entity = record.entity else { continue }
      for key in [entity] + entity.split(separator: " ").map(String.init) {
        suggestedAt[key] = max(suggestedAt[key] ?? record.fire, record.fire)
      }
    }
    let starts = Dictionary(sessions.map { ($0.id, $0.start) }, uniquingKeysWith: max)
    var groups: [(session: PlannedSession, plateaus: [Plateau])] = []
    for plateau in plateaus where plateau.isCurrent {
      // Once per plateau: a suggestion that went off counts once the lift was trained after it.
      // A skipped session leaves it unheard, and it goes with the next one.
      let told = suggestedAt[plateau.entity] ?? suggestedAt[Reminder.escaped(plateau.entity)]
      let lastTrained = plateau.sessionIDs.compactMap { starts[$0] }.max()
      if let told, let lastTrained, lastTrained > told { continue }
      var next: PlannedSession?
      for expected in upcoming where expected.start > now && expected.start > plateau.formedAt {
        let sample =
          (expected.workoutName.flatMap { byName[$0.lowercased()] } ?? byWeekday[expected.date.weekday] ?? [])
          .suffix(Self.usualSample)
        guard sample.allSatisfy(hasSets) else { return nil }
        if usuallyIncludes(plateau.lift, in: sample, matcher: matcher) {
          next = expected
          break
        }
      }
      guard let next else { continue }
      if let index = groups.firstIndex(where: { $0.session.date == next.date }) {
        groups[index].plateaus.append(plateau)
      } else {
        groups.append((next, [plateau]))
      }
    }
    let lead = TimeInterval(settings.reminders.leadMinutes * 60)
    var reminders: [Reminder] = []
    for (next, members) in groups {
      // The UID names the session, not the lifts: a lift joining or leaving updates the one
      // event, and a re-planned session cancels it and makes one on the new day.
      let uid = Reminder.uid(kind: .overload, entity: nil, date: next.date)
      if let made = known[uid], made.status == .confirmed, made.fire <= now { continue }
      var fire = next.start.addingTimeInterval(-lead)
      if fire <= now { fire = PauseReminderPlanner.nextMinute(after: now) }
      fire = settings.quietHours?.adjust(fire, clock: clock) ?? fire
      let steps = members.map { plateau in
        ReminderTexts.OverloadStep(
          lift: plateau.lift, weight: plateau.weight, unit: plateau.unit, sessions: plateau.sessionIDs.count,
          suggestion: plateau.weight
            + settings.overload.increment(lowerBody: plateau.lift.lowerBody, unit: plateau.unit))
      }
      let (title, body) = texts.overload(steps)
      let held = members.map {
        (
          lift: $0.lift.name, amount: ReminderTexts.amount($0.weight), unit: $0.unit.rawValue,
          since: $0.formedDate
        )
      }
      var reminder = Reminder(
        kind: .overload, entity: members.map { Reminder.escaped($0.entity) }.joined(separator: " "),
        date: clock.localDate(fire), start: fire,
        end: fire.addingTimeInterval(TimeInterval(Self.durationMinutes * 60)), fire: fire, title: title,
        body: body, summary: texts.overloadSummary(steps), workoutName: next.workoutName,
        reason: texts.overloadReason(held, next: next.date))
      reminder.uid = uid
      reminders.append(reminder)
    }
    return reminders
  }

  /// The completed sessions by workout name (lowercased) and by weekday, oldest first: where
  /// the sample a lift is usually done in comes from.
  static func workouts(_ sessions: [Session], clock: ZoneClock) -> (
    byName: [String: [Session]], byWeekday: [Weekday: [Session]]
  ) {
    var byName: [String: [Session]] = [:]
    var byWeekday: [Weekday: [Session]] = [:]
    let completed = sessions.indices.filter { sessions[$0].state == .completed }
    // Dated a zone stretch at a time: a current plateau groups years of sessions twice a night,
    // in the reader (``sampledSessions(_:clock:)``) and in the plan.
    for (index, date) in zip(completed, clock.localDates(completed.map { sessions[$0].start })) {
      byName[sessions[index].workoutName.lowercased(), default: []].append(sessions[index])
      byWeekday[date.weekday, default: []].append(sessions[index])
    }
    return (byName, byWeekday)
  }

  /// The ids of every session a suggestion may read the sets of: the last ``usualSample`` of
  /// each workout and of each weekday. For a reader that leaves the other sets unread.
  public static func sampledSessions(_ sessions: [Session], clock: ZoneClock) -> Set<String> {
    let (byName, byWeekday) = workouts(sessions, clock: clock)
    var ids: Set<String> = []
    for group in Array(byName.values) + Array(byWeekday.values) {
      for session in group.suffix(usualSample) { ids.insert(session.id) }
    }
    return ids
  }

  /// Whether at least half of `sample`, the last sessions of a workout, included the lift.
  private func usuallyIncludes(_ lift: Lift, in sample: ArraySlice<Session>, matcher: LiftMatcher) -> Bool {
    guard !sample.isEmpty else { return false }
    let including = sample.filter { $0.realExercises.contains { matcher.lift(for: $0.name) == lift } }
    return including.count * 2 >= sample.count
  }
}
