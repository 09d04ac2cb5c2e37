import Foundation

/// Plans the reminders that follow from what happened rather than from the calendar: paused
/// workouts, achievements and overload suggestions.
///
/// Achievements are announced once each. An achievement already stored keeps its announcement
/// time, so a re-run or re-import rebuilds the same event; one seen for the first time is
/// announced at the session's end, or at the next minute outside quiet hours when that has
/// passed; one earned more than 24 hours before Spotter saw it (a first import of years of
/// history) is recorded without an announcement (seed 004: stale is discarded, not delivered).
public struct FollowUpPlanner: Sendable {
  public var settings: Settings
  public static let achievementDurationMinutes = 15

  public init(settings: Settings) {
    self.settings = settings
  }

  /// The follow-up reminders, and what the store must remember.
  public struct Result: Sendable, Hashable {
    public var reminders: [Reminder]
    /// Achievements found for the first time, with their announcement time if they get one.
    public var newAchievements: [Achievement]
    /// Sessions past their last pause reminder.
    public var abandoned: [String]
    /// What achievement detection ran over this time; the next run skips detecting when it is
    /// the same, since the same sessions and settings find only achievements already stored.
    public var achievementDigest: String? = nil
    /// The plateaus found, with the digest of what they were found over, for the next run.
    public var plateauCache: PlateauCache? = nil
  }

  /// Plateaus as a run found them, and the digest of the sessions and settings they came from.
  public struct PlateauCache: Sendable, Hashable, Codable {
    public var digest: String
    public var plateaus: [Plateau]

    public init(digest: String, plateaus: [Plateau]) {
      self.digest = digest
      self.plateaus = plateaus
    }
  }

  /// - Parameters:
  ///   - sessions: the history, with sets.
  ///   - upcoming: the sessions the plan expects over the next weeks, soonest first.
  ///   - known: the stored follow-up reminders by UID, whatever their date.
  ///   - achievements: the achievements the store remembers; only those with an announcement
  ///     matter when `storedKeys` names the rest.
  ///   - storedKeys: the keys of every stored achievement; nil means those of `achievements`.
  ///   - lastAchievementDigest: the digest the last stored run detected achievements over.
  ///   - plateauCache: the plateaus the last stored run found, used while their digest holds.
  public func plan(
    sessions: [Session], pattern: TrainingPattern, upcoming: [PlannedSession],
    known: [String: ReminderRecord],
    achievements: [Achievement], storedKeys: Set<String>? = nil, now: Date,
    lastAchievementDigest: String? = nil, plateauCache: PlateauCache? = nil
  ) -> Result {
    let clock = ZoneClock(timeZone: settings.timeZone)
    let paused = PauseReminderPlanner(settings: settings).plan(sessions: sessions, known: known, now: now)
    let matcher = LiftMatcher(names: settings.overload.lifts)
    let history = Self.historyDigest(sessions)
    // Plateaus, like achievements, change only with the sessions and the settings they read.
    var plateauHash = Fingerprint()
    plateauHash.combine(history)
    plateauHash.combine("\(settings.overload.lifts)|\(settings.timeZone.identifier)")
    let plateauDigest = Fingerprint.hex(plateauHash.value)
    let plateaus =
      !settings.overload.enabled
      ? []
      : plateauCache?.digest == plateauDigest
        ? plateauCache?.plateaus ?? [] : PlateauDetector(matcher: matcher, clock: clock).detect(sessions)
    let overload = OverloadPlanner(settings: settings).plan(
      plateaus: plateaus, sessions: sessions, upcoming: upcoming, known: known, now: now)
    let digest = achievementDigest(history: history, pattern: pattern)
    // Detection replays every session; with nothing new since the last run it would only find
    // what the store already holds.
    let fresh =
      digest == lastAchievementDigest
      ? []
      : newAchievements(
        sessions: sessions, pattern: pattern, known: known, stored: achievements,
        storedKeys: storedKeys ?? Set(achievements.map(\.key)), now: now)
    let announcements = announcements(of: achievements + fresh, sessions: sessions, known: known, now: now)
    return Result(
      reminders: paused.reminders + announcements + overload, newAchievements: fresh,
      abandoned: paused.abandoned, achievementDigest: digest,
      plateauCache: settings.overload.enabled ? PlateauCache(digest: plateauDigest, plateaus: plateaus) : nil)
  }

  /// A stable digest of everything achievement detection reads: the sessions' digest, the
  /// achievement settings, the weight unit, the zone and the weekly target.
  func achievementDigest(history: String, pattern: TrainingPattern) -> String {
    var hash = Fingerprint()
    hash.combine(history)
    hash.combine("\(settings.achievements)|\(settings.weightUnit.rawValue)|\(settings.timeZone.identifier)")
    hash.combine(UInt64(pattern.trainingDays(minimumConfidence: settings.minimumConfidence).count))
    return Fingerprint.hex(hash.value)
  }

  /// A stable digest of every session with its state and sets, in order.
  static func historyDigest(_ sessions: [Session]) -> String {
    var hash = Fingerprint()
    hash.combine(UInt64(sessions.count))
    for session in sessions {
      hash.combine(session.id)
      hash.combine(session.state.rawValue)
      hash.combine(session.start.timeIntervalSince1970)
      hash.combine(session.end?.timeIntervalSince1970)
      hash.combine(session.stateChangedAt?.timeIntervalSince1970)
      for exercise in session.exercises {
        hash.combine(exercise.name)
        for set in exercise.sets {
          hash.combine(set.weight)
          hash.combine(UInt64(bitPattern: Int64(set.reps ?? -1)))
          hash.combine(
            UInt64(set.completed ? 1 : 0) | UInt64(SetKind.allCases.firstIndex(of: set.kind) ?? 9) << 1)
          hash.combine(set.unit.rawValue)
          hash.combine(set.completedAt?.timeIntervalSince1970)
        }
      }
    }
    return Fingerprint.hex(hash.value)
  }

  /// `achievement-{session}-{session's date}@spotter`: one announcement per session.
  public static func achievementUID(sessionID: String, date: LocalDate) -> String {
    Reminder.uid(kind: .achievement, entity: sessionID, date: date)
  }

  private func newAchievements(
    sessions: [Session], pattern: TrainingPattern, known: [String: ReminderRecord], stored: [Achievement],
    storedKeys: Set<String>, now: Date
  ) -> [Achievement] {
    guard settings.achievements.anyEnabled else { return [] }
    let clock = ZoneClock(timeZone: settings.timeZone)
    let detector = AchievementDetector(
      settings: settings.achievements, weightUnit: settings.weightUnit, clock: clock,
      weeklyTarget: pattern.trainingDays(minimumConfidence: settings.minimumConfidence).count)
    var announceAt = Dictionary(
      stored.compactMap { achievement in achievement.announceAt.map { (achievement.sessionID, $0) } },
      uniquingKeysWith: min)
    var fresh: [Achievement] = []
    for var achievement in detector.detect(sessions) where !storedKeys.contains(achievement.key) {
      let uid = Self.achievementUID(sessionID: achievement.sessionID, date: achievement.date)
      let announced = known[uid].map { $0.status == .confirmed && $0.fire <= now } ?? false
      let recent = now.timeIntervalSince(achievement.earnedAt) <= Double(FireGuard.staleSeconds)
      if recent && !announced {
        let at =
          announceAt[achievement.sessionID]
          ?? firstMoment(after: achievement.earnedAt, now: now, clock: clock)
        announceAt[achievement.sessionID] = at
        achievement.announceAt = at
      }
      fresh.append(achievement)
    }
    return fresh
  }

  /// The session's end rounded up to a minute, or the next minute when that has passed, moved out
  /// of quiet hours.
  private func firstMoment(after earned: Date, now: Date, clock: ZoneClock) -> Date {
    let end = Date(timeIntervalSince1970: (earned.timeIntervalSince1970 / 60).rounded(.up) * 60)
    let moment = end > now ? end : PauseReminderPlanner.nextMinute(after: now)
    return settings.quietHours?.adjust(moment, clock: clock) ?? moment
  }

  private func announcements(
    of achievements: [Achievement], sessions: [Session], known: [String: ReminderRecord], now: Date
  ) -> [Reminder] {
    let clock = ZoneClock(timeZone: settings.timeZone)
    let texts = ReminderTexts(language: settings.language, privacy: settings.privacy)
    var bySession: [String: [Achievement]] = [:]
    for achievement in achievements where achievement.announceAt != nil {
      bySession[achievement.sessionID, default: []].append(achievement)
    }
    var reminders: [Reminder] = []
    let order = Dictionary(uniqueKeysWithValues: AchievementKind.allCases.enumerated().map { ($1, $0) })
    for (sessionID, unordered) in bySession.sorted(by: { $0.key < $1.key }) {
      // Stored and fresh achievements arrive in different orders; the text must not depend on it.
      let earned = unordered.sorted { (order[$0.kind]!, $0.key) < (order[$1.kind]!, $1.key) }
      let first = earned[0]
      let uid = Self.achievementUID(sessionID: sessionID, date: first.date)
      if let made = known[uid], made.status == .confirmed, made.fire <= now { continue }
      let fire = earned.compactMap(\.announceAt).min()!
      let (title, body) = texts.achievements(earned)
      var reminder = Reminder(
        kind: .achievement, entity: sessionID, date: clock.localDate(fire), start: fire,
        end: fire.addingTimeInterval(TimeInterval(Self.achievementDurationMinutes * 60)), fire: fire,
        title: title, body: body,
        workoutName: sessions.first { $0.id == sessionID }?.workoutName,
        reason: "\(earned.count) achievement\(earned.count == 1 ? "" : "s") of the session of \(first.date)")
      reminder.uid = uid
      reminders.append(reminder)
    }
    return reminders
  }
}
