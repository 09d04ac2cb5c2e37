/// Every constant the learner uses, each with why it has its value.
///
/// The values marked *cross-validated* were chosen by `bench/backtest --cv`: leave one person out,
/// pick the candidate that does best on the others, score the one left out, rotate (README,
/// "Learning, measured"). The others are definitions or data hygiene, not fitted to anyone.
/// A backtest can replace any tunable one by name (`spotter backtest --learning NAME=VALUE`),
/// which is how the cross-validation tries its candidates.
public struct LearningParameters: Sendable, Hashable {
  /// The minutes after an alarm in which a start makes it useful. A definition shared by the
  /// learner (where it places alarms) and the backtest (what it scores), never tuned.
  public static let alarmWindowMinutes = 90
  /// Session lengths above this are never-finished workouts (Strong's `264h 1m`): data hygiene.
  public static let maximumDurationMinutes = 240

  /// Days of history read. Cross-validated against 13 and 52 weeks: half a year follows a
  /// changed routine sooner than a year and holds enough weeks for every weekday.
  public var windowDays = 182
  /// How many active weeks of a weekday are weighed. Cross-validated against 4, 6 and 12.
  public var activeWeeks = 8
  /// The weight of each older active week relative to the next newer one. Cross-validated
  /// against 0.7, 0.85 and 1 (no recency) on 39 people: the recent weeks overrule the older
  /// ones sooner when a life changes.
  public var weekDecay = 0.5
  /// Skip weeks without any training near the weekday (holidays, illness) when they are the
  /// exception, in the weekday rate and in the nights that share weekday and gap. A rule;
  /// cross-validated against leaving it out.
  public var skipInactiveWeeks = true
  /// In a silence (longer since the last session than the person usually leaves, and no
  /// training in the days before tomorrow that would make its week active), tomorrow's weekday
  /// evidence counts the weeks off after all. Weeks off are skipped because they are the
  /// exception; a night inside one is that exception, and the weeks like it say how likely it
  /// is. Skipped, a silence kept "Monday, usually": the doubtful days reminded five days or more
  /// after a session were trained on 35% of such nights of the 39 people. A rule without a
  /// constant of its own; cross-validated against leaving it out with the precision margin of two
  /// points (README, "Learning, measured"): all 39 folds chose it.
  public var silenceCountsWeeksOff = true
  /// Days either side of a date within which any training makes its week active.
  public var activityRadiusDays = 3
  /// A weekday kept in most active weeks and then missed twice in a row is capped at this
  /// probability: given up. Cross-validated against 0.1, 0.2 and 1 (the rule left out).
  public var givenUpCap = 0.4
  /// Combine the weekday rate with the hazard of the gap since the last session. A rule;
  /// cross-validated against leaving it out (weekday rate alone).
  public var gapEvidence = true
  /// Days of history the gap hazard is counted over: twelve weeks, so a new pace counts soon.
  public var gapWindowDays = 84
  /// How many nights the combined weekday and gap evidence weighs as, against the nights that
  /// shared both this weekday and this gap. Cross-validated against 2, 10 and 0 (left out).
  public var cellPrior = 5.0
  /// Days back the nights that shared weekday and gap are counted over; the whole window by
  /// default. Counted unweighted over half a year, they drew one unseen person's Wednesday, given
  /// up for eight weeks after four months of Tuesday-then-Wednesday, back over the threshold on
  /// seven Wednesdays in a row. Tried at 56, 84 and 112 days on 39 people: 0.1 to 0.4 points more
  /// useful and 0.6 more precise in-sample, but leave-one-out kept the whole window in 35 of 39
  /// folds (no gain of half a point), and single people moved by up to 9 points either way.
  public var cellWindowDays = 182
  /// Sessions in the last week on established free weekdays that mark a change of habit. 0
  /// leaves the rule out. Cross-validated against 3 and 0.
  public var habitChangeSurprises = 2
  /// A weekday rate below this, over three active weeks or more, makes a session on it a surprise.
  public var surpriseRate = 0.25
  /// Training days needed before anything counts as a pattern: two days are a coincidence.
  public var minimumTrainingDays = 3
  /// Starts needed before a learned time replaces the preferred time: one session is no habit.
  public var minimumStarts = 2
  /// How much a start before the alarm counts against it, relative to one it catches. An alarm
  /// after the person began is no reminder at all, but one placed for the earliest starts comes
  /// too early for a person whose starts scatter. Cross-validated against 0, 0.15, 0.3 and 1 on
  /// 39 people, with issue 46's targets held (README, "Learning, measured"): at 0.3, 22% of the
  /// alarms were late (24% on issue 46's people never seen); at 1, two people fell 13 and 16
  /// points below the best simple rule for them.
  public var latePenalty = 0.6
  /// The margin kept between the alarm window's ends and the starts it catches: a start a little
  /// earlier than any caught before is still after the alarm. Cross-validated against 15, 35, 40
  /// and 45 on 39 people (37 of 39 folds chose 30): 0.3 points more useful and 0.5 fewer late
  /// than 15; on 6 Hevy users gathered after, never tuned on, 1.7 more useful and 2.5 fewer late
  /// (README, "Learning, measured").
  public var safetyMinutes = 30
  /// The weight of each older same-weekday start relative to the next newer one. Cross-validated
  /// against 0.7 and 1.
  public var startDecay = 0.85
  /// The half-life of a start among the recent days, in days. Cross-validated against 3 and 14.
  public var recentHalfLifeDays = 7.0
  /// How many of the latest starts the "latest starts" source offers; 0 leaves the source out.
  /// Three is a week of a three-day routine: enough that one odd start does not move the alarm,
  /// few enough that a start drifting half an hour a week is followed (issue 46's drift went
  /// from 48% to the figures in the README's synthetic table).
  public var latestStarts = 3
  /// Days without training that make a break: after one, the weeks before say little about
  /// the weekdays and hours the person comes back on. Three weeks: a holiday of two is common
  /// and changes nothing, and the person paused four.
  public var breakDays = 21
  /// How long after the return from a break the days since decide: three weeks, by when the
  /// weekday rules have weeks of the new routine to read. 0 leaves the rule out.
  public var returnDays = 21
  /// The confidence of a day back from a break that the routine since makes likely (see
  /// ``PatternLearner``): the same weight as a new routine's "trained the same weekday last
  /// week", above the threshold, so such a day is reminded. 0 leaves the rule out. A rule for
  /// issue 46's person back on other weekdays: cross-validated against 0 on 39 people it gains
  /// 0.3 points of useful, under the half point a move must gain, and 20 of 20 synthetic
  /// returns pass with it against 4 without (README, "Learning, measured").
  public var returnConfidence = 0.5
  /// In a new routine, remind the same weekday as last week even where the gap counts of the
  /// old routine say no. A rule; cross-validated against leaving it out.
  public var newRoutineLastWeek = true
  /// Pick, per person, the source of past starts (same weekday, every other week, recent days)
  /// that would have served their last twelve training days. A rule; cross-validated against
  /// always using the same weekday.
  public var chooseStartSource = true
  /// The share of a weekday's start weight past the first alarm's window before a second window
  /// is learned. Measured (0.15, 0.25, 0.40) in the fresh-data mode; plans do not use it.
  public var secondWindowShare = 0.25

  /// How many of a weekday's latest reminded days its reactions are read over: a month of that
  /// weekday. Not fitted: no export carries reactions, so this and the next two are reasoned.
  public var reactionDays = 4
  /// Reactions of one kind needed among those days before they move anything: one is a one-off.
  public var reactionsToAct = 2
  /// What repeated skips, or reminders with nothing after them, multiply a weekday's confidence
  /// by: halved, so a weekday that was a near-certainty stays, and a doubtful one falls silent.
  public var declineFactor = 0.5

  // Names. Fixed: chosen when the readings were compared (README, "The rules": every setting
  // of the weekly weights from 0.8 to 1.0 and memories of 20 to 60 workouts did within 3 points).

  /// How many recent workouts the name predictor reads: a program's rotation is in far fewer.
  public static let nameMemory = 60
  /// The weight per week of age of one name having followed another.
  public static let nameFollowDecayPerWeek = 0.9
  /// The weight per week of age of a weekday having been called a name, over ``nameWeekdayDays``.
  public static let nameWeekdayDecayPerWeek = 0.8
  public static let nameWeekdayDays = 56
  /// How many of the latest named workouts the readings are replayed on to choose one.
  public static let nameReplayWorkouts = 12
  /// Of the last this many workouts, when most carry an app's auto-title, no name is predicted.
  public static let nameAutoTitleWindow = 10

  public init() {}

  /// The values shipped.
  public static let standard = LearningParameters()

  /// The names a backtest can set, in the order `--cv` reports them.
  public static let tunableNames = [
    "windowDays", "activeWeeks", "weekDecay", "skipInactiveWeeks", "activityRadiusDays", "givenUpCap",
    "gapEvidence", "gapWindowDays", "cellPrior", "cellWindowDays", "habitChangeSurprises", "surpriseRate",
    "minimumStarts",
    "latePenalty", "safetyMinutes", "startDecay", "recentHalfLifeDays", "chooseStartSource",
    "secondWindowShare", "latestStarts", "breakDays", "returnDays", "returnConfidence", "newRoutineLastWeek",
    "silenceCountsWeeksOff",
  ]

  /// Sets the tunable `name` to `value` (booleans are 0 or 1); false for an unknown name or a
  /// value outside the range the learner can work with.
  public mutating func set(_ name: String, to value: Double) -> Bool {
    let whole = Int(exactly: value)
    func count(_ range: ClosedRange<Int>) -> Int? { whole.flatMap { range.contains($0) ? $0 : nil } }
    func share(_ range: ClosedRange<Double>) -> Double? { range.contains(value) ? value : nil }
    func flag() -> Bool? { whole == 0 ? false : whole == 1 ? true : nil }
    switch name {
    case "windowDays":
      guard let v = count(28...3650) else { return false }
      windowDays = v
    case "returnConfidence":
      guard let v = share(0...1) else { return false }
      returnConfidence = v
    case "newRoutineLastWeek":
      guard let v = flag() else { return false }
      newRoutineLastWeek = v
    case "silenceCountsWeeksOff":
      guard let v = flag() else { return false }
      silenceCountsWeeksOff = v
    case "latestStarts":
      guard let v = count(0...12) else { return false }
      latestStarts = v
    case "breakDays":
      guard let v = count(7...365) else { return false }
      breakDays = v
    case "returnDays":
      guard let v = count(0...56) else { return false }
      returnDays = v
    case "activeWeeks":
      guard let v = count(1...52) else { return false }
      activeWeeks = v
    case "weekDecay":
      guard let v = share(0.01...1) else { return false }
      weekDecay = v
    case "skipInactiveWeeks":
      guard let v = flag() else { return false }
      skipInactiveWeeks = v
    case "activityRadiusDays":
      guard let v = count(0...6) else { return false }
      activityRadiusDays = v
    case "givenUpCap":
      guard let v = share(0...1) else { return false }
      givenUpCap = v
    case "gapEvidence":
      guard let v = flag() else { return false }
      gapEvidence = v
    case "gapWindowDays":
      guard let v = count(14...365) else { return false }
      gapWindowDays = v
    case "cellWindowDays":
      guard let v = count(7...3650) else { return false }
      cellWindowDays = v
    case "cellPrior":
      guard let v = share(0...1000) else { return false }
      cellPrior = v
    case "habitChangeSurprises":
      guard let v = count(0...7) else { return false }
      habitChangeSurprises = v
    case "surpriseRate":
      guard let v = share(0...1) else { return false }
      surpriseRate = v
    case "minimumStarts":
      guard let v = count(1...12) else { return false }
      minimumStarts = v
    case "latePenalty":
      guard let v = share(0...10) else { return false }
      latePenalty = v
    case "safetyMinutes":
      guard let v = count(0...45) else { return false }
      safetyMinutes = v
    case "startDecay":
      guard let v = share(0.01...1) else { return false }
      startDecay = v
    case "recentHalfLifeDays":
      guard let v = share(0.5...56) else { return false }
      recentHalfLifeDays = v
    case "chooseStartSource":
      guard let v = flag() else { return false }
      chooseStartSource = v
    case "secondWindowShare":
      guard let v = share(0...1) else { return false }
      secondWindowShare = v
    default: return false
    }
    return true
  }
}
