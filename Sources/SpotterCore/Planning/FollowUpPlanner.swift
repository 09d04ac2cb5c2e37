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
    /// Where achievement detection stopped, for the next run to resume from.
    public var achievementCursor: ProgressCursor<AchievementDetector.State>? = nil
    /// Where plateau detection stopped, with every plateau found, for the next run.
    public var plateauCursor: ProgressCursor<PlateauDetector.State>? = nil
    /// Achievements had to be detected while the stored ones were left unread
    /// (`achievementsUnread`): this result does not count, and the plan must be made again with
    /// them.
    public var needsStoredAchievements = false
    /// Sets were needed that the caller left unread (`withSets`): this result does not count,
    /// and the plan must be made again with every session's sets.
    public var needsSets = false
  }

  /// - Parameters:
  ///   - sessions: the history, with sets.
  ///   - upcoming: the sessions the plan expects over the next weeks, soonest first.
  ///   - known: the stored follow-up reminders by UID, whatever their date.
  ///   - achievements: the achievements the store remembers; only those with an announcement
  ///     matter when `storedKeys` names the rest.
  ///   - storedKeys: the keys of every stored achievement; nil means those of `achievements`.
  ///   - achievementCursor: where the last stored run's achievement detection stopped.
  ///   - plateauCursor: where the last stored run's plateau detection stopped.
  ///   - achievementsUnread: `storedKeys` and the state of `achievementCursor` were left unread,
  ///     for the cursor covered every completed session: detection may not run.
  ///   - withSets: the ids of the only sessions that carry their sets, or nil when all do
  ///     (``PlanSnapshot/withSets``).
  public func plan(
    sessions: [Session], pattern: TrainingPattern, upcoming: [PlannedSession],
    known: [String: ReminderRecord],
    achievements: [Achievement], storedKeys: Set<String>? = nil, now: Date,
    achievementCursor: ProgressCursor<AchievementDetector.State>? = nil,
    plateauCursor: ProgressCursor<PlateauDetector.State>? = nil, achievementsUnread: Bool = false,
    withSets: Set<String>? = nil
  ) -> Result {
    let clock = ZoneClock(timeZone: settings.timeZone)
    // Every reading of sets below is checked first: a session without its sets would otherwise
    // read as one without exercises, and earn nothing, suggest nothing, resume at nothing.
    func hasSets(_ session: Session) -> Bool { withSets?.contains(session.id) ?? true }
    let needingSets = Result(reminders: [], newAchievements: [], abandoned: [], needsSets: true)
    if withSets != nil, sessions.contains(where: { $0.state.isUnfinished && !hasSets($0) }) {
      return needingSets
    }
    let paused = PauseReminderPlanner(settings: settings).plan(sessions: sessions, known: known, now: now)
    let matcher = LiftMatcher(names: settings.overload.lifts)
    // Both detectors read the completed sessions in order, and resume where the last run stopped
    // while everything before that is as it was: a night reads only the sessions that are new.
    let ordered = AchievementDetector.ordered(sessions)
    let chain = Self.chain(ordered)
    func digest(_ count: Int, _ context: String) -> String {
      var hash = Fingerprint()
      hash.combine(count == 0 ? 0 : chain[count - 1])
      hash.combine(UInt64(count))
      hash.combine(context)
      return Fingerprint.hex(hash.value)
    }
    func resume<State>(_ cursor: ProgressCursor<State>?, context: String, fresh: State) -> (Int, State) {
      guard let cursor, cursor.sessions <= ordered.count, cursor.digest == digest(cursor.sessions, context)
      else { return (0, fresh) }
      return (cursor.sessions, cursor.state)
    }
    var plateaus: [Plateau] = []
    var nextPlateauCursor: ProgressCursor<PlateauDetector.State>?
    if settings.overload.enabled {
      let context = settings.overload.lifts.joined(separator: ",") + "|" + settings.timeZone.identifier
      var (start, state) = resume(plateauCursor, context: context, fresh: PlateauDetector.State())
      guard ordered[start...].allSatisfy(hasSets) else { return needingSets }
      PlateauDetector(matcher: matcher, clock: clock).detect(ordered[start...], state: &state)
      start = ordered.count
      plateaus = state.plateaus
      nextPlateauCursor = ProgressCursor(sessions: start, digest: digest(start, context), state: state)
    }
    guard
      let overload = OverloadPlanner(settings: settings).plan(
        plateaus: plateaus, sessions: sessions, upcoming: upcoming, known: known, now: now, hasSets: hasSets)
    else { return needingSets }
    var fresh: [Achievement] = []
    var nextAchievementCursor: ProgressCursor<AchievementDetector.State>?
    var needsStoredAchievements = false
    if settings.achievements.anyEnabled {
      // The weekly target is the habit's count of days, not tomorrow's: the confidence moves
      // with the gap since the last session, and a target going from 3 to 4 and back on
      // alternate nights replayed every session's achievements each night (a sixth of an
      // unchanged night) and could award a week of three against a target of four.
      let detector = AchievementDetector(
        settings: settings.achievements, weightUnit: settings.weightUnit, clock: clock,
        weeklyTarget: pattern.habitualDays(minimumRate: settings.minimumConfidence).count)
      let context =
        Self.digestKey(settings.achievements)
        + "|\(settings.weightUnit.rawValue)|\(settings.timeZone.identifier)|"
        + "\(detector.weeklyTarget ?? 0)"
      var (start, state) = resume(achievementCursor, context: context, fresh: AchievementDetector.State())
      if achievementsUnread && start != ordered.count {
        // A session edited or added since the reader looked: detecting needs the real state
        // and keys, which the caller reads before planning again.
        needsStoredAchievements = true
        nextAchievementCursor = achievementCursor
      } else {
        guard ordered[start...].allSatisfy(hasSets) else { return needingSets }
        let found = detector.detect(ordered[start...], state: &state)
        start = ordered.count
        nextAchievementCursor = ProgressCursor(sessions: start, digest: digest(start, context), state: state)
        fresh = newAchievements(
          found, known: known, stored: achievements, storedKeys: storedKeys ?? Set(achievements.map(\.key)),
          now: now)
      }
    }
    let announcements = announcements(of: achievements + fresh, sessions: sessions, known: known, now: now)
    return Result(
      reminders: paused.reminders + announcements + overload, newAchievements: fresh,
      abandoned: paused.abandoned, achievementCursor: nextAchievementCursor, plateauCursor: nextPlateauCursor,
      needsStoredAchievements: needsStoredAchievements)
  }

  /// The running digest of `ordered` sessions with their state and sets: element `k` covers the
  /// first `k + 1`, so one pass gives the digest of every prefix.
  ///
  /// The sets of a session read from the store enter through its ``Session/contentDigest``,
  /// which the store rewrites whenever it rewrites the sets, so a night need not read them.
  /// Others' enter in ``ExerciseListCoder``'s form, which one encoder writes for a given list: a
  /// session decoded or packed gives one digest. The two differ, and the cursors compared with
  /// a chain are always those of sessions from the same place: the store's, or a backtest's.
  ///
  /// Eight bytes a step (``Fingerprint/combineWord(_:)``): a byte at a time, the ids, states and
  /// times cost 125,000 instructions of an unchanged batch user. Stores whose cursors were keyed
  /// the older way replay detection once.
  static func chain(_ ordered: [Session]) -> [UInt64] {
    var hash = Fingerprint()
    var values: [UInt64] = []
    values.reserveCapacity(ordered.count)
    for session in ordered {
      hash.combineWords(session.id)
      hash.combineWords(session.state.rawValue)
      hash.combineWord(session.start.timeIntervalSince1970)
      hash.combineWord(session.end?.timeIntervalSince1970)
      hash.combineWord(session.stateChangedAt?.timeIntervalSince1970)
      // The store's digest of the row stands for its sets, read or not; otherwise the packed
      // form: years of sets are hashed without decoding them.
      if let digest = session.contentDigest {
        hash.combineWord(digest)
      } else {
        let packed = session.packedExercises
        hash.combineWord(UInt64(packed.count))
        packed.withUnsafeBytes { hash.combine(words: $0) }
      }
      values.append(hash.value)
    }
    return values
  }

  /// Every achievement setting, spelt out: a cursor is kept only while they are as they were.
  /// Interpolating the struct would do the same through reflection, at a millisecond a night.
  static func digestKey(_ settings: AchievementSettings) -> String {
    let flags = [settings.records, settings.streaks, settings.consistency, settings.volume]
    return flags.map { $0 ? "1" : "0" }.joined() + "|"
      + (settings.recordThreshold.map { "\($0)" } ?? "default") + "|\(settings.recordRepsThreshold)"
  }

  /// `achievement-{session}-{session's date}@spotter`: one announcement per session.
  public static func achievementUID(sessionID: String, date: LocalDate) -> String {
    Reminder.uid(kind: .achievement, entity: sessionID, date: date)
  }

  /// The achievements in `found` that the store does not hold yet, each with its announcement
  /// time when it is recent and not yet announced.
  private func newAchievements(
    _ found: [Achievement], known: [String: ReminderRecord], stored: [Achievement], storedKeys: Set<String>,
    now: Date
  ) -> [Achievement] {
    let clock = ZoneClock(timeZone: settings.timeZone)
    var announceAt = Dictionary(
      stored.compactMap { achievement in achievement.announceAt.map { (achievement.sessionID, $0) } },
      uniquingKeysWith: min)
    var fresh: [Achievement] = []
    for var achievement in found where !storedKeys.contains(achievement.key) {
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
    guard end <= now else { return settings.quietHours?.adjust(end, clock: clock) ?? end }
    // Late news (an import or a run after the session ended) waits for the morning even without
    // quiet hours: a first import at 00:20 must not wake anyone for yesterday's records.
    let moment = PauseReminderPlanner.nextMinute(after: now)
    return (settings.quietHours ?? Self.lateNewsNight).adjust(moment, clock: clock)
  }

  /// When late achievement news is held back to the morning if the config sets no quiet hours.
  public static let lateNewsNight = QuietHours(
    start: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 8, minute: 0))

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
        reason: texts.achievementsReason(count: earned.count, session: first.date))
      reminder.uid = uid
      reminders.append(reminder)
    }
    return reminders
  }
}
