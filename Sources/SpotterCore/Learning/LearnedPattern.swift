import Foundation

/// A learned pattern with the fingerprint of everything it was learned from, so that a later
/// command of the same day, with no new session and no new reaction, reuses it instead of
/// learning again.
///
/// The fingerprint covers the day as well as the history: the learner's window, its recency
/// weights and tomorrow's gap all move with the date, so a pattern is only ever reused on the day
/// it was learned. A run that finds a different key learns afresh; nothing is patched.
public struct LearnedPattern: Sendable, Hashable, Codable {
  /// Bumped whenever the learner's rules change, so no pattern of older rules is reused.
  public static let revision = 3

  public var key: String
  public var pattern: TrainingPattern

  public init(key: String, pattern: TrainingPattern) {
    self.key = key
    self.pattern = pattern
  }

  /// Whether the pattern has the shape every reader of it assumes: seven weekdays, Monday first,
  /// and a 7 × 24 heatmap. A stored one that does not (a damaged or hand-edited store) is learned
  /// again, never indexed.
  public var isWellFormed: Bool {
    pattern.weekdays.map(\.weekday) == Weekday.allCases && pattern.heat.count == 7
      && pattern.heat.allSatisfy { $0.count == 24 && $0.allSatisfy(\.isFinite) }
      && pattern.weekdays.allSatisfy { $0.probability.isFinite && $0.confidence.isFinite }
  }

  /// The key of what `learner` would learn from: its rules and parameters, the zone and its
  /// rules' version, today, each session as the learner reads it (and whether it started
  /// before `now`), and each reaction.
  public static func key(
    learner: PatternLearner, sessions: [Session], reactions: [ReminderReaction], now: Date, clock: ZoneClock
  ) -> String {
    var digest = Fingerprint()
    digest.combine("learner \(revision) lead \(learner.leadMinutes) \(learner.parameters.digest)")
    digest.combine(clock.timeZone.identifier)
    digest.combine(TimeZone.timeZoneDataVersion)
    let today = clock.localDate(now)
    digest.combine(today.description)
    digest.combine(UInt64(sessions.count))
    // Eight bytes a step: every command of a day keys every session of the history.
    for session in sessions {
      digest.combineWords(session.id)
      digest.combineWords(session.source.rawValue)
      digest.combineWords(session.workoutName)
      digest.combineWord(session.start.timeIntervalSince1970)
      digest.combineWord(session.end?.timeIntervalSince1970)
      digest.combineWords(session.state.rawValue)
      digest.combineWord(session.stateChangedAt?.timeIntervalSince1970)
      digest.combineWord(UInt64((session.hasTimeOfDay ? 1 : 0) | (session.start < now ? 2 : 0)))
    }
    digest.combine(UInt64(reactions.count))
    for reaction in reactions {
      digest.combine(reaction.date.description)
      digest.combine(reaction.kind.rawValue)
      digest.combine(reaction.snoozedMinutes.map(Double.init))
    }
    return "\(today) " + String(digest.value, radix: 16)
  }
}
