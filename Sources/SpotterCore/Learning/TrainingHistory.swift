import Foundation

/// The training days a ``PatternLearner`` reads, as of one moment: which local dates had a
/// completed session before `now`, and when the first one started.
struct TrainingHistory {
  let today: LocalDate
  let windowStart: LocalDate
  /// The first session's start, in minutes of the day, by local date; days known by their date
  /// only (FitNotes for Android) are marked, for their minute is midnight and says nothing about
  /// when this person trains.
  let trainingDays: TrainingDays
  let firstDate: LocalDate?
  let sessionsConsidered: Int
  let baseRate: Double
  /// Every session's date, start minute (nil when only the date is known) and length.
  private let starts: [(date: LocalDate, minute: Int?, duration: Int?)]

  let parameters: LearningParameters
  /// The last training day when tomorrow falls in a silence (``isSilent(_:)``), found once: the
  /// weekday rate, the weekday-and-gap nights and the pattern each ask.
  private(set) var silentSince: LocalDate?

  init(
    sessions: [Session], now: Date, today: LocalDate, windowStart: LocalDate, clock: ZoneClock,
    parameters: LearningParameters = .standard, doneDays: Set<LocalDate> = []
  ) {
    self.parameters = parameters
    self.today = today
    self.windowStart = windowStart
    var days = TrainingDays(first: windowStart)
    var starts: [(date: LocalDate, minute: Int?, duration: Int?)] = []
    for session in sessions where session.state == .completed && session.start < now {
      let local = clock.local(session.start)
      guard local.date >= windowStart else { continue }
      let minute = local.secondOfDay / 60
      guard session.hasTimeOfDay else {
        if days[local.date] == nil { days.set(local.date, minute: minute, untimed: true) }
        starts.append((local.date, nil, nil))
        continue
      }
      // A timed start replaces a day known by its date only; else the day keeps its earliest.
      let earliest = days.isUntimed(local.date) ? minute : min(days[local.date] ?? minute, minute)
      days.set(local.date, minute: earliest, untimed: false)
      let duration = session.end.map { Int($0.timeIntervalSince(session.start) / 60) }
        .flatMap { (1...LearningParameters.maximumDurationMinutes).contains($0) ? $0 : nil }
      starts.append((local.date, minute, duration))
    }
    // A done mark says the person trained that day, not when: a day known by its date only.
    for date in doneDays where date >= windowStart && date < today && days[date] == nil {
      days.set(date, minute: 0, untimed: true)
    }
    trainingDays = days
    self.starts = starts
    sessionsConsidered = starts.count
    let first = days.earliest
    firstDate = first
    // The share of days with training over the last eight weeks: the prior every other
    // estimate starts from.
    var rate = 0.3
    if let first {
      let from = max(first, today.adding(days: -56))
      let observed = max(1, from.days(until: today) + (days[today] != nil ? 1 : 0))
      let trained = days.dates.filter { $0 >= from }.count
      rate = Double(trained) / Double(observed)
    }
    baseRate = min(0.95, max(0.05, rate))
    silentSince = silence()
  }

  /// Whether what happened on `date` is known: it is past, or already had its session.
  func isObserved(_ date: LocalDate) -> Bool { date < today || trainingDays[date] != nil }

  /// The next `weekday` after today, within a week.
  func next(_ weekday: Weekday) -> LocalDate {
    let ahead = (weekday.rawValue - today.adding(days: 1).weekday.rawValue + 7) % 7
    return today.adding(days: 1 + ahead)
  }

  /// Whether `target` is tomorrow and falls in a silence: longer since the last session than
  /// this person usually leaves, and no training in the days before it that would make its week
  /// active. Weeks off are left out of the weekday's evidence because they are the exception; a
  /// night inside one is that exception, and the weeks like it are what say how likely it is. A
  /// routine's own long gap (Wednesday to Monday) is no silence.
  func isSilent(_ target: LocalDate) -> Bool {
    silentSince != nil && target == today.adding(days: 1)
  }

  /// The last training day before tomorrow when tomorrow is in a silence (``isSilent(_:)``).
  private func silence() -> LocalDate? {
    let tomorrow = today.adding(days: 1)
    guard parameters.silenceCountsWeeksOff, let last = lastTrainingDay(before: tomorrow) else { return nil }
    let days = last.days(until: tomorrow)
    guard days > parameters.activityRadiusDays, let usual = longestUsualGap(before: tomorrow), days > usual
    else {
      return nil
    }
    return last
  }

  /// The most days the person usually left between sessions before `date`, over the gap window:
  /// the smallest gap that, with the shorter ones, makes four fifths of them (a week or more
  /// counts as seven). Nil with fewer than five gaps.
  func longestUsualGap(before date: LocalDate) -> Int? { usualGap(before: date, fifths: 4) }

  /// Whether the person trained at all within three days of `date`: weeks off say nothing
  /// about a weekday.
  func isActive(_ date: LocalDate) -> Bool {
    let radius = parameters.activityRadiusDays
    return (-radius...radius).contains { trainingDays[date.adding(days: $0)] != nil }
  }

  /// The weekday's recency-weighted rate over its last active weeks before `target`, drawn
  /// toward the base rate while evidence is thin; and how many active weeks it saw.
  func weekdayRate(before target: LocalDate) -> (value: Double, weeks: Int, lastTwoMissed: Bool) {
    guard let firstDate else { return (baseRate, 0, false) }
    var weighted = 0.0
    var total = 0.0
    var weeks = 0
    var recent: [Bool] = []
    var older = (trained: 0, total: 0)
    let skipInactive = skipsInactiveWeeks(before: target) && !isSilent(target)
    var slot = target.adding(days: -7)
    while slot >= firstDate && slot >= windowStart && weeks < parameters.activeWeeks {
      defer { slot = slot.adding(days: -7) }
      guard isObserved(slot), isActive(slot) || !skipInactive else { continue }
      let weight = pow(parameters.weekDecay, Double(weeks))
      total += weight
      if trainingDays[slot] != nil { weighted += weight }
      if recent.count < 2 {
        recent.append(trainingDays[slot] != nil)
      } else {
        older.total += 1
        if trainingDays[slot] != nil { older.trained += 1 }
      }
      weeks += 1
    }
    // Given up: missed twice in a row after being kept in most of the weeks before.
    let givenUp = recent == [false, false] && older.total >= 2 && older.trained * 3 >= older.total * 2
    return ((weighted + baseRate) / (total + 1), weeks, givenUp)
  }

  /// Whether weeks off are left out of the evidence for `target`: only while they are the
  /// exception, half or fewer of its weekday's last eight weeks. For someone who trains in a few
  /// weeks out of many, not training is the pattern.
  func skipsInactiveWeeks(before target: LocalDate) -> Bool {
    guard parameters.skipInactiveWeeks, let firstDate else { return false }
    let lastWeeks = (1...parameters.activeWeeks).map { target.adding(days: -7 * $0) }
      .filter { $0 >= firstDate && isObserved($0) }
    return lastWeeks.filter(isActive).count * 2 >= lastWeeks.count
  }

  /// The last day with training before `target`: where the gap to it is counted from.
  func lastTrainingDay(before target: LocalDate) -> LocalDate? {
    trainingDays.latest(before: target)
  }

  /// The fewest days the person usually left between sessions before `date`, over the gap
  /// window: the smallest gap that, with the shorter ones, makes a fifth of them. A one-off
  /// double day does not make back-to-back days usual. Nil with fewer than five gaps.
  func shortestUsualGap(before date: LocalDate) -> Int? { usualGap(before: date, fifths: 1) }

  /// The smallest gap between sessions before `date`, over the gap window, that with the
  /// shorter ones makes `fifths` fifths of them (a week or more counts as seven); nil with fewer
  /// than five gaps.
  private func usualGap(before date: LocalDate, fifths: Int) -> Int? {
    guard let firstDate else { return nil }
    let counts = gapCounts(
      from: max(firstDate, date.adding(days: -parameters.gapWindowDays)), before: date, longest: 7
    ).trained
    let total = counts.reduce(0, +)
    guard total >= 5 else { return nil }
    var running = 0
    for gap in 1...7 {
      running += counts[gap]
      if 5 * running >= fifths * total { return gap }
    }
    return 7
  }

  /// How likely a session is on `target` given the days since the last one, from how often this
  /// person trained that many days after a session over the last twelve weeks.
  func gapProbability(on target: LocalDate) -> Double? {
    guard let firstDate, let last = lastTrainingDay(before: target) else { return nil }
    let counts = gapCounts(
      from: max(firstDate, today.adding(days: -parameters.gapWindowDays)), before: today.adding(days: 1),
      longest: 6)
    let gap = min(last.days(until: target), 6)
    return (Double(counts.trained[gap]) + baseRate) / (Double(counts.nights[gap]) + 1)
  }

  /// For each gap since the last session (days, `longest` and more counted as `longest`), the
  /// observed nights from `start` to before `end` that followed a session by that gap, and how
  /// many of them were trained: the person's rhythm, which the gap probability and the shortest
  /// usual gap both read.
  private func gapCounts(from start: LocalDate, before end: LocalDate, longest: Int) -> (
    trained: [Int], nights: [Int]
  ) {
    var trained = [Int](repeating: 0, count: longest + 1)
    var nights = [Int](repeating: 0, count: longest + 1)
    var previous: LocalDate?
    var date = start
    while date < end && isObserved(date) {
      let isTrained = trainingDays[date] != nil
      if let previous {
        let gap = min(previous.days(until: date), longest)
        nights[gap] += 1
        if isTrained { trained[gap] += 1 }
      }
      if isTrained { previous = date }
      date = date.adding(days: 1)
    }
    return (trained, nights)
  }

  /// How often this weekday was trained after the same gap as `target`'s, over the whole window.
  ///
  /// The weekday rate and the gap hazard are each averaged over the other: a person who trains
  /// Saturday only when Friday was skipped looks like "Saturday, sometimes" to both. Counting the
  /// nights that shared both the weekday and the gap (1 to 4 days, or 5 and more) keeps that.
  func weekdayGapCount(on target: LocalDate) -> (trained: Int, nights: Int)? {
    guard let firstDate, let last = lastTrainingDay(before: target) else { return nil }
    let bucket = { (days: Int) in min(days, 5) }
    let gap = bucket(last.days(until: target))
    // A night in weeks off is no evidence for the weekday and gap, as in the weekday rate: a
    // long break would otherwise count every idle such weekday against the routine resumed.
    let skipInactive = skipsInactiveWeeks(before: target) && !isSilent(target)
    var result = (trained: 0, nights: 0)
    var previous = firstDate
    var date = firstDate.adding(days: 1)
    // Earlier nights still set the gap of the first counted one.
    let counted = target.adding(days: -parameters.cellWindowDays)
    while date < target && isObserved(date) {
      if date >= counted && date.weekday == target.weekday && bucket(previous.days(until: date)) == gap
        && (!skipInactive || isActive(date))
      {
        result.nights += 1
        if trainingDays[date] != nil { result.trained += 1 }
      }
      if trainingDays[date] != nil { previous = date }
      date = date.adding(days: 1)
    }
    return result
  }

  /// The first training day after the latest break of at least ``LearningParameters/breakDays``
  /// days without training, when it is at most ``LearningParameters/returnDays`` days ago.
  ///
  /// Weekdays learned before a month off say little about the weeks after it: the person may
  /// come back on other days and at other hours, and the rules that look back eight weeks
  /// would wait for the new days to build up. Nil when there was no such break or the return
  /// has settled.
  func returnFromBreak() -> LocalDate? {
    guard parameters.returnDays > 0 else { return nil }
    let days = trainingDays.dates.filter(isObserved)
    let settled = today.adding(days: -parameters.returnDays)
    var index = days.count - 1
    while index > 0, days[index] >= settled {
      if days[index - 1].days(until: days[index]) > parameters.breakDays { return days[index] }
      index -= 1
    }
    return nil
  }

  /// The days of the last week trained on weekdays that were established as free, newest
  /// first: enough of them are the sign of a new routine, and the earliest is where it began,
  /// from which its starts alone place the alarms.
  func recentSurprises() -> [LocalDate] {
    guard let firstDate, firstDate <= today.adding(days: -28) else { return [] }
    return (0..<7).map { today.adding(days: -$0) }.filter(isSurprise)
  }

  /// Whether `date` was trained on a weekday established as free: a day of a new routine.
  func isSurprise(_ date: LocalDate) -> Bool {
    guard trainingDays[date] != nil else { return false }
    let rate = weekdayRate(before: date)
    return rate.weeks >= 3 && rate.value < parameters.surpriseRate
  }

  /// Where past starts come from when placing an alarm.
  enum StartSource: String, CaseIterable {
    case weekday = "weekday"
    case fortnight = "every other week"
    case recent = "recent days"
    case allDays = "all days"
    /// The last few starts, equally weighted: what follows a start that drifts week by week,
    /// where every older start holds the alarm back.
    case latest = "latest starts"
  }

  /// The start minutes `source` offers for `target`, with their weights.
  ///
  /// `since` leaves out the days before it from the sources that are not the weekday's own, and
  /// from the weekday's own too when `weekdaySince`: back from a break, the hours kept before it
  /// are not the hours of the days since.
  func samples(
    _ source: StartSource, for target: LocalDate, since: LocalDate? = nil, weekdaySince: Bool = false
  ) -> [(
    minute: Int, weight: Double
  )] {
    // Each source reserves its own bound on the starts it takes: grown one start at a time, the
    // array was reallocated five times a call, 60 calls a new day's night.
    var result: [(minute: Int, weight: Double)] = []
    switch source {
    case .weekday, .fortnight:
      let step = source == .weekday ? 7 : 14
      let limit = source == .weekday ? 12 : 6
      result.reserveCapacity(limit)
      var index = 1
      var slot = target.adding(days: -step)
      let from = weekdaySince ? max(windowStart, since ?? windowStart) : windowStart
      while slot >= from && result.count < limit {
        if let minute = trainingDays[slot], isObserved(slot), !trainingDays.isUntimed(slot) {
          result.append((minute, pow(parameters.startDecay, Double(index - 1))))
        }
        if let firstDate, slot < firstDate { break }
        index += 1
        slot = slot.adding(days: -step)
      }
    case .latest:
      guard parameters.latestStarts > 0 else { break }
      let ages = 1...14
      result.reserveCapacity(min(ages.count, parameters.latestStarts))
      for age in ages {
        let date = target.adding(days: -age)
        guard date >= windowStart, date >= since ?? windowStart, result.count < parameters.latestStarts
        else { break }
        if let minute = trainingDays[date], isObserved(date), !trainingDays.isUntimed(date) {
          result.append((minute, 1))
        }
      }
    case .recent, .allDays:
      let days = source == .recent ? 21 : 56
      let halfLife = source == .recent ? parameters.recentHalfLifeDays : 28
      result.reserveCapacity(days)
      for age in 1...days {
        let date = target.adding(days: -age)
        guard date >= windowStart, date >= since ?? windowStart else { break }
        if let minute = trainingDays[date], isObserved(date), !trainingDays.isUntimed(date) {
          result.append((minute, pow(0.5, Double(age) / halfLife)))
        }
      }
    }
    return result
  }

  /// The source of starts that would have placed the most useful alarms on this person's last
  /// twelve training days; ties keep the earlier source in ``StartSource``'s order.
  func bestSource(leadMinutes: Int) -> StartSource {
    var scores: [StartSource: Int] = [:]
    for date in trainingDays.dates.filter({ isObserved($0) && !trainingDays.isUntimed($0) }).suffix(12) {
      let minute = trainingDays[date]!
      for candidate in StartSource.allCases {
        let found = samples(candidate, for: date)
        if found.count >= parameters.minimumStarts,
          let alarm = PatternLearner.alarm(found, lead: leadMinutes, parameters: parameters),
          minute >= alarm && minute <= alarm + PatternLearner.alarmWindowMinutes
        {
          scores[candidate, default: 0] += 1
        }
      }
    }
    // The latest starts come last in the order, so they win only when they serve more days
    // than every other source (a margin of two lost the drift scenario and gained 0.2 points on
    // the licensed files).
    var best = StartSource.weekday
    for candidate in StartSource.allCases where scores[candidate, default: 0] > scores[best, default: 0] {
      best = candidate
    }
    return best
  }

  /// The learned start for `target`: the alarm placed by ``PatternLearner/alarm(_:lead:)`` plus
  /// the lead, from `source`, or the next source with at least two starts.
  ///
  /// `minimumStarts` is the parameters' own unless a caller knows better: back from a break, the
  /// one start since says more than any number before it.
  func start(
    for target: LocalDate, leadMinutes: Int, source: StartSource, minimumStarts: Int? = nil,
    since: LocalDate? = nil, weekdaySince: Bool = false
  ) -> (
    time: LocalTime, usual: LocalTime, spread: Int?, source: String, samples: Int, second: LocalTime?
  )? {
    let order =
      [source] + StartSource.allCases.filter { $0 != source && $0 != .fortnight && $0 != .latest }
    let needed = minimumStarts ?? parameters.minimumStarts
    guard
      let (used, chosen) = order.lazy.map({
        ($0, samples($0, for: target, since: since, weekdaySince: weekdaySince))
      }).first(where: {
        $0.1.count >= needed
      }
      ),
      let alarm = PatternLearner.alarm(chosen, lead: leadMinutes, parameters: parameters)
    else { return nil }
    let median = PatternLearner.weightedMedian(chosen.map { (Double($0.minute), $0.weight) })
    let spread = PatternLearner.weightedMedian(chosen.map { (abs(Double($0.minute) - median), $0.weight) })
    // The starts the first alarm misses by being too early for them: a second habit when they
    // carry enough of the weight, placed as the first one is.
    let later = chosen.filter { $0.minute > alarm + PatternLearner.alarmWindowMinutes }
    let total = chosen.reduce(0) { $0 + $1.weight }
    var second: LocalTime?
    if later.count >= parameters.minimumStarts,
      later.reduce(0, { $0 + $1.weight }) >= parameters.secondWindowShare * total,
      let secondAlarm = PatternLearner.alarm(later, lead: leadMinutes, parameters: parameters)
    {
      second = LocalTime(minuteOfDay: min(1439, max(0, secondAlarm + leadMinutes)))
    }
    // The usual start is that of the starts the alarm catches, not of them all: of a morning
    // and an evening habit, the median of both could be noon.
    let caught = chosen.filter {
      $0.minute >= alarm && $0.minute <= alarm + PatternLearner.alarmWindowMinutes
    }
    let planned = min(1439, max(0, alarm + leadMinutes))
    let usual =
      caught.isEmpty
      ? planned
      : min(
        1439,
        max(
          0, alarm,
          PatternLearner.nearestFive(
            PatternLearner.weightedMedian(caught.map { (Double($0.minute), $0.weight) }))))
    return (
      LocalTime(minuteOfDay: planned), LocalTime(minuteOfDay: usual), Int(spread.rounded()), used.rawValue,
      chosen.count, second
    )
  }

  /// Session lengths on `weekday`, sorted.
  func durations(on weekday: Weekday) -> [Int] {
    starts.filter { $0.date.weekday == weekday }.compactMap(\.duration).sorted()
  }

  func sessionCount(on weekday: Weekday) -> Int {
    starts.filter { $0.date.weekday == weekday }.count
  }

  /// Sessions on `weekday` known by their date only.
  func dateOnlyCount(on weekday: Weekday) -> Int {
    starts.filter { $0.date.weekday == weekday && $0.minute == nil }.count
  }

  /// Session starts by weekday and hour, recent weeks weighing more, scaled to a maximum of 1.
  func heat() -> [[Double]] {
    var heat = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
    for start in starts {
      guard let minute = start.minute else { continue }
      heat[start.date.weekday.rawValue - 1][minute / 60] += pow(
        0.5, Double(start.date.days(until: today)) / 28)
    }
    let peak = heat.joined().max() ?? 0
    return peak > 0 ? heat.map { $0.map { $0 / peak } } : heat
  }
}
