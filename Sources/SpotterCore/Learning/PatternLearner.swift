import Foundation

/// Learns, per weekday, whether the next such day is a training day and when to remind.
///
/// Every constant is in ``LearningParameters`` with its reason; the rules each earned their place
/// under `bench/backtest`'s cross-validation (README, "The rules" and "Learning, measured"):
/// - **Active weeks only.** A weekday's rate counts its last eight *active* weeks, those with any
///   training within three days; a holiday or an illness is no evidence against a weekday.
///   Recent weeks weigh more (each older week half the next). A weekday kept in most active weeks and then missed
///   twice in a row is taken as given up and goes silent. In a silence (longer since the last
///   session than the person usually leaves, nothing in the three days before tomorrow), tomorrow
///   is in a week off, and the weeks off count in its evidence after all.
/// - **The gap since the last session.** Many people train every other day on shifting weekdays;
///   their own history says how likely a session is one, two or three days after the last. This
///   hazard and the weekday rate are combined as independent evidence (naive Bayes in log-odds),
///   then drawn toward the nights that shared both this weekday and this gap: someone who trains
///   Wednesday only when Tuesday was skipped breaks the independence.
/// - **A change of habit.** When two sessions in the last week fell on weekdays the model found
///   unlikely, the weekday evidence is set aside and the gap and recent times decide, so a new
///   routine gets useful reminders within days and the old weekdays go quiet.
/// - **An alarm that catches the start.** The reminder is placed where the most recent starts
///   fall in the 90 minutes after it, nearest to the usual start minus the lead time, from one of
///   three sets of past starts: the same weekday, the same weekday two weeks apart (alternating
///   shifts), or every day of the last three weeks; the set that would have served the last six
///   such weekdays best is used.
///
/// Reactions to earlier reminders (``ReminderReaction``) then move a weekday: repeated snoozes
/// its alarm later, repeated skips or reminders with nothing after them its confidence down; a
/// done mark is a training day.
public struct PatternLearner: Sendable {
  /// Sessions older than `parameters.windowDays` are ignored.
  public var windowDays: Int { parameters.windowDays }
  /// How long before the start the reminder fires; the alarm window is placed around it.
  public var leadMinutes: Int
  /// Every constant, each with its reason.
  public var parameters: LearningParameters
  /// The minutes after an alarm in which a start makes it useful.
  public static let alarmWindowMinutes = LearningParameters.alarmWindowMinutes
  /// Session lengths above this are treated as never-finished workouts (Strong's `264h 1m`).
  public static let maximumDurationMinutes = LearningParameters.maximumDurationMinutes

  public init(leadMinutes: Int = 30, parameters: LearningParameters = .standard) {
    self.leadMinutes = leadMinutes
    self.parameters = parameters
  }

  /// Learns the pattern from completed sessions that started before the start of `today`.
  public func learn(from sessions: [Session], today: LocalDate, clock: ZoneClock) -> TrainingPattern {
    learn(from: sessions, now: clock.startOfDay(today), clock: clock)
  }

  /// Learns the pattern as of the instant `now`: sessions that start later do not count.
  ///
  /// - Parameters:
  ///   - sessions: any sessions; only completed ones that started before `now` are used.
  ///   - now: the moment of the run; its local date is "today".
  ///   - clock: the zone in which weekdays and times of day are read.
  ///   - reactions: what the person did with earlier reminders; a done mark is a training day.
  public func learn(
    from sessions: [Session], reactions: [ReminderReaction] = [], now: Date, clock: ZoneClock
  ) -> TrainingPattern {
    let today = clock.localDate(now)
    let history = TrainingHistory(
      sessions: sessions, now: now, today: today, windowStart: today.adding(days: -windowDays), clock: clock,
      parameters: parameters,
      doneDays: Set(reactions.filter { $0.kind == .done && $0.date < today }.map(\.date)))
    let evidence = history.trainingDays.count >= parameters.minimumTrainingDays
    let surprises = evidence && parameters.habitChangeSurprises > 0 ? history.recentSurprises() : []
    let habitChange = !surprises.isEmpty && surprises.count >= parameters.habitChangeSurprises
    // Back from a break: the sessions since decide, as in a new routine, but the weekday and
    // gap counts of the nights before still say which nights were never this person's.
    let returned = evidence ? history.returnFromBreak() : nil
    let source: TrainingHistory.StartSource =
      habitChange
      ? .recent : parameters.chooseStartSource ? history.bestSource(leadMinutes: leadMinutes) : .weekday
    let weekdays = Weekday.allCases.map { weekday -> WeekdayPattern in
      let target = history.next(weekday)
      let rate = history.weekdayRate(before: target)
      // The gap is known for tomorrow only; later days of a horizon rest on the weekday, or in a
      // new routine on whether the same day last week was trained.
      let gap =
        parameters.gapEvidence && target == today.adding(days: 1) ? history.gapProbability(on: target) : nil
      var probability = Self.combine(rate.value, gap, base: history.baseRate)
      if returned != nil, let gap { probability = gap }
      if gap != nil, parameters.cellPrior > 0, let cell = history.weekdayGapCount(on: target) {
        probability =
          (Double(cell.trained) + parameters.cellPrior * probability)
          / (Double(cell.nights) + parameters.cellPrior)
      }
      if habitChange {
        // In a new routine the same weekday last week is the best single sign, and the gap
        // counts, learned over the old routine's rhythm, must not overrule it: a Monday after
        // a Friday was never trained in a Tue/Thu routine, and the new Mondays went unreminded.
        let weekBefore = target.adding(days: -7)
        let lastWeek = history.trainingDays[weekBefore] != nil ? 0.5 : 0.2
        // Only a day of the new routine itself (trained last week on a weekday that used to be
        // free) overrules the gap: an old-routine day is left to the gap, as it was.
        probability =
          parameters.newRoutineLastWeek && history.isSurprise(weekBefore)
          ? max(gap ?? 0, lastWeek) : gap ?? lastWeek
      }
      // Two active weeks in a row without this weekday: it was given up, whatever came before.
      if rate.lastTwoMissed && !habitChange { probability = min(probability, parameters.givenUpCap) }
      // A weekday never trained in the window is no training day because of the gap alone: after
      // an ignored Tuesday and a skipped Wednesday, the gap since Monday once made a Thursday
      // this person never trained on likely.
      if history.sessionCount(on: weekday) == 0 && history.dateOnlyCount(on: weekday) == 0 && !habitChange
        && returned == nil
      {
        probability = min(probability, rate.value)
      }
      // Back from a break, the weekdays of the routine since are not known yet, and the gaps of
      // the one before (a Tue/Thu routine never left three days) said "rest day" on every
      // session of a Mon/Thu routine's first weeks back. In the first week back every day as far
      // from the last session as the person usually left is reminded; from the second, each
      // weekday trained the week before is.
      if let returned, !habitChange, target == today.adding(days: 1),
        let last = history.lastTrainingDay(before: target), last >= returned
      {
        let weekBefore = target.adding(days: -7)
        let likely =
          weekBefore < returned
          ? history.shortestUsualGap(before: returned).map { last.days(until: target) >= $0 } ?? false
          : history.trainingDays[weekBefore] != nil
        if likely { probability = max(probability, parameters.returnConfidence) }
      }
      if !evidence { probability = 0 }
      // In a new routine, as back from a break, the starts since it began place the alarm: the
      // old routine's hours are not the new one's, and counted against an alarm as starts it
      // came too late for, they held it at the old hour for days.
      var start = history.start(
        for: target, leadMinutes: leadMinutes, source: source, minimumStarts: returned != nil ? 1 : nil,
        since: returned ?? (habitChange ? surprises.last : nil), weekdaySince: returned != nil)
      let read = readReactions(reactions, on: weekday, history: history)
      var reacted = read.reactions
      // Sessions on this weekday after its last declined reminder lift the penalty at once: a
      // silenced weekday gets no reminders, so no new reaction could ever replace the ignored
      // ones. Counted from the last declined one, not the last reaction: a reminder followed by
      // a session (or a done mark, which the history counts as training) silenced the weekday
      // again a week after the penalty lifted.
      let trainedSince =
        read.lastDeclined.map { last in
          history.trainingDays.dates.contains { $0 > last && $0.weekday == weekday }
        }
        ?? false
      if let counted = reacted, counted.declined >= parameters.reactionsToAct, probability > 0, !trainedSince
      {
        reacted?.confidenceBefore = Self.round3(probability)
        probability *= parameters.declineFactor
      }
      if let minutes = reacted?.alarmLaterMinutes, let learned = start {
        // Never so far that the alarm comes after the learned start, nor after the earlier of
        // the weekday's last two starts: a person who snoozed a few times and went back to
        // their time would get an alarm after they began. (An hour's snoozes, the starts an hour
        // later, drew the learned start itself later, and the move then passed the start.)
        let recent = history.samples(.weekday, for: target).prefix(2).map(\.minute).min()
        let room = recent.map { max(0, $0 + leadMinutes - learned.time.minuteOfDay) } ?? leadMinutes
        let beforeUsual = max(0, learned.usual.minuteOfDay + leadMinutes - learned.time.minuteOfDay)
        let moved = min(minutes, leadMinutes, room, beforeUsual)
        start?.time = LocalTime(minuteOfDay: min(23 * 60 + 55, learned.time.minuteOfDay + moved))
        reacted?.alarmLaterMinutes = moved
      } else {
        reacted?.alarmLaterMinutes = nil
      }
      let durations = history.durations(on: weekday)
      return WeekdayPattern(
        weekday: weekday, probability: Self.round3(rate.value),
        confidence: Self.round3(probability), sessionCount: history.sessionCount(on: weekday),
        plannedStart: start?.time, secondStart: start?.second, spreadMinutes: start?.spread,
        typicalDurationMinutes: durations.isEmpty ? nil : durations[durations.count / 2],
        startSource: start?.source, startSamples: start?.samples ?? 0,
        dateOnlySessions: history.dateOnlyCount(on: weekday), reactions: reacted, usualStart: start?.usual)
    }
    return TrainingPattern(
      asOf: today, weekdays: weekdays, heat: history.heat().map { $0.map(Self.round3) },
      sessionsConsidered: history.sessionsConsidered, habitChange: habitChange, returnedOn: returned,
      silentSince: evidence ? history.silentSince : nil)
  }

  /// The reactions to `weekday`'s latest reminded days before today: how many were snoozed and
  /// declined, and the alarm's move when snoozes repeat (their median, on five minutes). Nil
  /// when no reminder on this weekday met a reaction.
  ///
  /// Also the last of those days the person declined (skipped, or delivered with no session
  /// and no done mark), from which sessions on the weekday lift the penalty.
  func readReactions(_ reactions: [ReminderReaction], on weekday: Weekday, history: TrainingHistory)
    -> (reactions: WeekdayReactions?, lastDeclined: LocalDate?)
  {
    let days = Dictionary(
      grouping: reactions.filter { $0.date.weekday == weekday && $0.date < history.today }
    ) {
      $0.date
    }
    let latest = days.keys.sorted().suffix(parameters.reactionDays)
    guard !latest.isEmpty else { return (nil, nil) }
    var snoozes: [Int] = []
    var snoozed = 0
    var declined = 0
    var lastDeclined: LocalDate?
    for date in latest {
      let kinds = Set(days[date, default: []].map(\.kind))
      if kinds.contains(.snoozed) {
        snoozed += 1
        if let minutes = days[date, default: []].compactMap(\.snoozedMinutes).max() {
          snoozes.append(minutes)
        }
      }
      if kinds.contains(.skipped) && history.trainingDays[date] == nil
        || kinds.contains(.delivered) && !kinds.contains(.done) && history.trainingDays[date] == nil
      {
        declined += 1
        lastDeclined = date
      }
    }
    var later: Int?
    if snoozes.count >= parameters.reactionsToAct {
      let median = snoozes.sorted()[(snoozes.count - 1) / 2]
      later = max(5, Int((Double(median) / 5).rounded()) * 5)
    }
    return (
      WeekdayReactions(days: latest.count, snoozed: snoozed, declined: declined, alarmLaterMinutes: later),
      lastDeclined
    )
  }

  /// Independent evidence in log-odds: the weekday rate and the gap hazard each move the base
  /// rate; without a gap (days after tomorrow) the weekday rate stands alone.
  static func combine(_ weekday: Double, _ gap: Double?, base: Double) -> Double {
    guard let gap else { return weekday }
    let logit = { (p: Double) in log(clamp(p) / (1 - clamp(p))) }
    let value = logit(weekday) + logit(gap) - logit(base)
    return 1 / (1 + exp(-value))
  }

  static func clamp(_ p: Double) -> Double { min(0.99, max(0.01, p)) }

  static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

  /// The alarm minute whose next ``alarmWindowMinutes`` hold the most sample weight, on a
  /// five-minute step (a start before the alarm counting against it by ``latePenalty``), then
  /// kept ``safetyMinutes`` inside the caught starts and nearest the median minus `lead`.
  static func alarm(
    _ samples: [(minute: Int, weight: Double)], lead: Int, parameters: LearningParameters = .standard
  ) -> Int? {
    let latePenalty = parameters.latePenalty
    let safetyMinutes = parameters.safetyMinutes
    guard !samples.isEmpty else { return nil }
    let preferred = weightedMedian(samples.map { (Double($0.minute), $0.weight) }) - Double(lead)
    // The covered weight only changes where a sample enters or leaves the window, so the best
    // five-minute alarms are among those next to a sample, and the preferred one.
    // Sorted and deduplicated in an array: a set's hashing was a third of this search, which
    // the learner runs for every weekday and every source of starts each night. The minutes are
    // whole, so they are stepped in integers: through a rounding rule passed to a closure, each
    // step cost 90 instructions, a sixth of the search.
    var candidates: [Int] = []
    candidates.reserveCapacity(samples.count * 2 + 1)
    candidates.append(Self.nearestFive(preferred))
    for sample in samples {
      candidates.append(Self.floorToFive(sample.minute))
      candidates.append(-Self.floorToFive(alarmWindowMinutes - sample.minute))
    }
    candidates.sort()
    var best: (coverage: Double, distance: Double, minute: Int)?
    for (index, minute) in candidates.enumerated() where index == 0 || candidates[index - 1] != minute {
      let coverage = samples.reduce(0.0) {
        $0 + ($1.minute >= minute && $1.minute <= minute + alarmWindowMinutes ? $1.weight : 0)
          - ($1.minute < minute ? latePenalty * $1.weight : 0)
      }
      let distance = abs(Double(minute) - preferred)
      if let current = best {
        if coverage > current.coverage + 1e-9
          || (abs(coverage - current.coverage) <= 1e-9 && distance < current.distance)
        {
          best = (coverage, distance, minute)
        }
      } else {
        best = (coverage, distance, minute)
      }
    }
    guard let best else { return nil }
    // Every alarm between the last covered start minus the window and the first covered start
    // catches the same starts; keep a margin from both ends, so a start a little earlier than
    // usual is not missed, and stay as near the configured lead as that allows.
    var first = Int.max
    var last = Int.min
    for sample in samples
    where sample.minute >= best.minute && sample.minute <= best.minute + alarmWindowMinutes {
      first = min(first, sample.minute)
      last = max(last, sample.minute)
    }
    guard first <= last else { return best.minute }
    let low = last - alarmWindowMinutes
    let high = first
    let margin = min(safetyMinutes, (high - low) / 2)
    let chosen = min(max(Int(preferred.rounded()), low + margin), high - margin)
    // Down to five minutes, unless that leaves the range.
    let stepped = chosen - ((chosen % 5) + 5) % 5
    return stepped >= low ? stepped : chosen
  }

  /// The multiple of five nearest `minute`, halves away from zero.
  static func nearestFive(_ minute: Double) -> Int {
    Int((minute / 5).rounded(.toNearestOrAwayFromZero)) * 5
  }

  /// The multiple of five at or below `minute`, as `(minute / 5).rounded(.down) * 5` in
  /// doubles, for negative minutes too.
  static func floorToFive(_ minute: Int) -> Int {
    minute >= 0 ? minute / 5 * 5 : -((-minute + 4) / 5 * 5)
  }

  static func weightedMedian(_ values: [(Double, Double)]) -> Double {
    let sorted = values.sorted { $0.0 < $1.0 }
    let half = sorted.reduce(0) { $0 + $1.1 } / 2
    var running = 0.0
    for (value, weight) in sorted {
      running += weight
      if running >= half - 1e-12 { return value }
    }
    return sorted.last?.0 ?? 0
  }
}
