import Foundation

/// Replays a history night by night and scores the reminders each night would have sent.
///
/// Each night D−1 at 21:00 sees only the sessions that started before then, plans day D with the
/// real learner and planner (or one of the simple rules), and the reminder is compared with what
/// the person did on D. Nothing is imported or written: a five-year store replays in well under
/// a second, so users can see how well Spotter would have served them.
public struct Backtester: Sendable {
  public var settings: Settings
  /// The learner's constants; a cross-validation replays with others.
  public var parameters: LearningParameters
  /// When the nightly run happens: the replay sees what was logged before it.
  public static let nightly = LocalTime(hour: 21, minute: 0)
  /// The lead times a replay tries for its suggestion.
  public static let leadCandidates = [10, 15, 20, 30, 45, 60]
  /// Baselines remind this long before their predicted start.
  public static let baselineLeadMinutes = 30

  public init(settings: Settings, parameters: LearningParameters = .standard) {
    self.settings = settings
    self.parameters = parameters
  }

  /// One day's prediction.
  public struct Prediction: Sendable, Hashable {
    public var alarm: Date
    public var start: Date
    public var name: String?
    /// The conditional alarm at the weekday's later window, for the fresh-data mode.
    public var secondAlarm: Date? = nil
  }

  /// One replayed night of Spotter's: its prediction, and what the person could have read of it.
  struct Night {
    var prediction: Prediction?
    /// The day's confidence as `spotter pattern` showed it that night.
    var confidence: Double
    /// The reminder's reason, or the plan's note for a day without one.
    var reason: String?
  }

  /// What happened on a day: its first completed session.
  struct Actual {
    var start: Date
    var minute: Int
    var name: String
    /// False when the day is known by its date only (FitNotes for Android): it counts for
    /// recall, precision and names, never for timing.
    var timed = true
  }

  /// Scores every strategy over `days` (local dates, oldest first).
  public func run(sessions: [Session], days: [LocalDate], suggestLead: Bool = true) -> BacktestReport {
    let clock = ZoneClock(timeZone: settings.timeZone)
    let completed = sessions.filter { $0.state == .completed }.sorted {
      ($0.start, $0.id) < ($1.start, $1.id)
    }
    var actuals: [LocalDate: Actual] = [:]
    for session in completed {
      let local = clock.local(session.start)
      if actuals[local.date] == nil || actuals[local.date]?.timed == false && session.hasTimeOfDay {
        actuals[local.date] = Actual(
          start: session.start, minute: local.secondOfDay / 60, name: session.workoutName,
          timed: session.hasTimeOfDay)
      }
    }
    var scores: [BacktestStrategy: BacktestScore] = [:]
    var weekdays: [Weekday: [BacktestStrategy: BacktestScore]] = [:]
    let history = History(sessions: completed, clock: clock)
    var replayed: [BacktestDay] = []
    var fresh = FreshDataScore()
    for day in days {
      let visible = history.before(clock.instant(day.adding(days: -1), Self.nightly))
      for strategy in BacktestStrategy.allCases {
        let night = strategy == .spotter ? spotterNight(day: day, visible: visible, clock: clock) : nil
        let prediction =
          night.map(\.prediction) ?? predict(strategy, day: day, visible: visible, clock: clock)
        if let night {
          let actual = actuals[day]
          if actual?.timed != false {
            fresh.add(
              FreshDataScore.day(
                first: prediction?.alarm, second: prediction?.secondAlarm, start: actual?.start,
                trained: actual != nil))
          }
          replayed.append(
            BacktestDay(
              date: day, alarm: prediction?.alarm, predictedStart: prediction?.start,
              predictedName: prediction?.name, start: actuals[day]?.start, name: actuals[day]?.name,
              dateOnly: actuals[day]?.timed == false, confidence: night.confidence, reason: night.reason))
        }
        let score = Self.score(prediction, actual: actuals[day])
        scores[strategy, default: BacktestScore()].add(score)
        weekdays[day.weekday, default: [:]][strategy, default: BacktestScore()].add(score)
      }
    }
    var suggested: (minutes: Int, useful: Double)?
    if suggestLead, !days.isEmpty {
      for lead in Self.leadCandidates {
        var variant = settings
        variant.reminders.leadMinutes = lead
        let replay = Backtester(settings: variant, parameters: parameters)
        var score = BacktestScore()
        for day in days {
          let visible = history.before(clock.instant(day.adding(days: -1), Self.nightly))
          score.add(
            Self.score(
              replay.predict(.spotter, day: day, visible: visible, clock: clock), actual: actuals[day]))
        }
        let useful = score.usefulRate ?? 0
        if useful > (suggested?.useful ?? -1) { suggested = (lead, useful) }
      }
    }
    return BacktestReport(
      from: days.first ?? LocalDate(daysSinceEpoch: 0), through: days.last ?? LocalDate(daysSinceEpoch: 0),
      leadMinutes: settings.reminders.leadMinutes, scores: scores, weekdays: weekdays,
      hindsightUseful: Self.hindsight(
        days.compactMap { day in actuals[day].flatMap { $0.timed ? (day.weekday, $0.minute) : nil } }),
      suggestedLeadMinutes: suggested?.minutes, suggestedLeadUseful: suggested?.useful, days: replayed,
      freshData: fresh)
  }

  /// The sessions in start order, cut at an instant without copying.
  struct History {
    var sessions: [Session]
    var starts: [Date]
    var clock: ZoneClock

    init(sessions: [Session], clock: ZoneClock) {
      self.sessions = sessions
      self.starts = sessions.map(\.start)
      self.clock = clock
    }

    func before(_ instant: Date) -> ArraySlice<Session> {
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] < instant { low = middle + 1 } else { high = middle }
      }
      return sessions[..<low]
    }
  }

  /// What `strategy` would have reminded of on `day`, seeing only `visible`.
  func predict(_ strategy: BacktestStrategy, day: LocalDate, visible: ArraySlice<Session>, clock: ZoneClock)
    -> Prediction?
  {
    switch strategy {
    case .spotter: return spotterNight(day: day, visible: visible, clock: clock).prediction
    case .sameWeekdayLastWeek: return Self.sameWeekdayLastWeek(day: day, visible: visible, clock: clock)
    case .planRule: return Self.planRule(day: day, visible: visible, clock: clock)
    case .weekdayMedian: return Self.weekdayMedian(day: day, visible: visible, clock: clock)
    }
  }

  /// Spotter's night before `day`, planned as a run plans it from a snapshot of what that night
  /// could see (an export has no reactions, snoozes or skips): its workout reminder, if it gives
  /// one, with the day's confidence and the plan's reason for the day.
  func spotterNight(day: LocalDate, visible: ArraySlice<Session>, clock: ZoneClock) -> Night {
    let now = clock.instant(day.adding(days: -1), Self.nightly)
    // The learner reads 26 weeks and the names the last 60 workouts: older sessions change
    // nothing, and handing over five years each night made a replay take seconds.
    let horizon = now.addingTimeInterval(-Double(parameters.windowDays + 7) * 86400)
    let from = visible.firstIndex { $0.start >= horizon } ?? visible.endIndex
    let sessions = Array(visible.suffix(max(visible.endIndex - from, 60)))
    let (pattern, plan) = RunPlanner(settings: settings, now: now, clock: clock, parameters: parameters)
      .workouts(PlanSnapshot(sessions: sessions, first: day), horizon: Horizon(start: day, days: 1))
    let second = pattern[day.weekday].secondStart.map {
      clock.instant(day, $0).addingTimeInterval(TimeInterval(-settings.reminders.leadMinutes * 60))
    }
    let prediction = plan.reminders.first { $0.kind == .workout }.map {
      Prediction(alarm: $0.fire, start: $0.start, name: $0.workoutName, secondAlarm: second)
    }
    // The reminder's reason ("confidence 0.78 …"), or why the day has none ("rest day, no
    // reminder asked for"): what `spotter plan` would have said that night.
    let reason = plan.reminders.first { $0.date == day }?.reason ?? plan.notes.first { $0.date == day }?.text
    return Night(prediction: prediction, confidence: pattern[day.weekday].confidence, reason: reason)
  }

  static func score(_ prediction: Prediction?, actual: Actual?) -> BacktestScore {
    var score = BacktestScore()
    if actual != nil { score.trainingDays = 1 }
    if prediction != nil { score.reminders = 1 }
    if actual?.timed == false { score.untimedDays = 1 }
    guard let prediction, let actual else { return score }
    score.hits = 1
    if let program = WorkoutTitle.programName(actual.name) {
      score.namesCompared = 1
      if let name = prediction.name, WorkoutTitle.key(name) == WorkoutTitle.key(program) {
        score.namesRight = 1
      }
    }
    guard actual.timed else {
      score.untimedHits = 1
      return score
    }
    let ahead = actual.start.timeIntervalSince(prediction.alarm) / 60
    if ahead >= 0 && ahead <= Double(BacktestScore.usefulMinutes) { score.useful = 1 }
    if ahead < 0 { score.late = 1 }
    score.startErrors = [Int(abs(actual.start.timeIntervalSince(prediction.start) / 60).rounded())]
    return score
  }

  /// The most training days one fixed alarm time per weekday could have served.
  static func hindsight(_ starts: [(Weekday, Int)]) -> Int {
    var total = 0
    for weekday in Weekday.allCases {
      let minutes = starts.filter { $0.0 == weekday }.map(\.1)
      guard !minutes.isEmpty else { continue }
      var best = 0
      for alarm in stride(from: 0, to: 1440, by: 5) {
        best = max(best, minutes.filter { $0 >= alarm && $0 <= alarm + BacktestScore.usefulMinutes }.count)
      }
      total += best
    }
    return total
  }
}
