import Foundation

/// Turns settings, history and the learned pattern into the reminders of a horizon.
///
/// The rules are seed 000 §2 and §5 and seed 003: a training day comes from the program or,
/// failing that, from a confident learned weekday; its reminder fires the lead time before the
/// usual (or preferred) start; no reminder goes out on a day that already has a completed session,
/// on a disabled weekday, or when reminders are off; a rest-day reminder goes out in the evening
/// of a day without training, when asked for or after a run of training days.
public struct ReminderPlanner: Sendable {
  public var settings: Settings
  public static let defaultDurationMinutes = 60
  public static let restDayDurationMinutes = 15

  public init(settings: Settings) {
    self.settings = settings
  }

  /// Plans the reminders of `horizon` as seen at `now`; `skipped` are the days `spotter skip`
  /// took off (seed 000 "Heute pausieren"), which get neither workout nor rest-day reminders.
  public func plan(
    sessions: [Session], pattern: TrainingPattern, horizon: Horizon, now: Date, skipped: Set<LocalDate> = []
  ) -> Plan {
    var reading = pattern.nameReading
    return plan(
      sessions: sessions, pattern: pattern, horizon: horizon, now: now, skipped: skipped, reading: &reading)
  }

  /// The same plan; `reading` is the name predictor's reading, replayed and set when nil.
  func plan(
    sessions: [Session], pattern: TrainingPattern, horizon: Horizon, now: Date, skipped: Set<LocalDate>,
    reading: inout WorkoutNamePredictor.Reading?
  ) -> Plan {
    let clock = ZoneClock(timeZone: settings.timeZone)
    // The completed sessions' starts and names, in start order: all the plan reads of them. A
    // filtered copy of the sessions retained and released every field of years of them.
    var completed: [(start: Date, name: String)] = []
    completed.reserveCapacity(sessions.count)
    for index in sessions.indices where sessions[index].state == .completed {
      completed.append((sessions[index].start, sessions[index].workoutName))
    }
    completed.sort { $0.start < $1.start }
    // Each start's date once: a zone's offset is a locked ICU call, and the history is years.
    let completedDates = clock.localDates(completed.map(\.start))
    let trainedDates = Set(completedDates)
    let texts = ReminderTexts(language: settings.language, privacy: settings.privacy)
    let learnedDays = Set(pattern.trainingDays(minimumConfidence: settings.minimumConfidence))

    func isTrainingDay(_ date: LocalDate) -> Bool {
      settings.program[date.weekday] != nil || learnedDays.contains(date.weekday)
    }
    let trainingDates = horizon.dates.filter(isTrainingDay)
    // Only days still ahead take a turn in the rotation: a day already trained has its workout
    // in the history, one whose start passed without a session was missed so far, and a skipped
    // one will not be trained, so the rotation goes on from the last workout done and such a day
    // shares the next day's name. The same days, with the ones trained, make a streak.
    let turns = trainingDates.filter { date in
      !trainedDates.contains(date) && !skipped.contains(date)
        && clock.instant(date, self.usualTime(pattern[date.weekday]).time) > now
    }
    let predictor = WorkoutNamePredictor(
      sessions: zip(completedDates, completed).map { ($0, $1.name) }, reading: reading)
    reading = predictor.reading
    let names = predictor.names(for: turns)
    let predicted = Dictionary(
      uniqueKeysWithValues: trainingDates.map { date in
        (date, turns.firstIndex { $0 >= date }.flatMap { names[$0] })
      })

    var reminders: [Reminder] = []
    var notes: [PlanNote] = []
    var expected: [PlannedSession] = []
    for date in horizon.dates {
      let weekday = date.weekday
      let trainingIndex = trainingDates.firstIndex(of: date)
      if trainedDates.contains(date) {
        notes.append(PlanNote(date: date, text: texts.alreadyTrainedNote))
        continue
      }
      if skipped.contains(date) {
        notes.append(PlanNote(date: date, text: texts.skippedNote))
        continue
      }
      let name = trainingIndex.flatMap { _ in settings.program[weekday] ?? predicted[date] ?? nil }
      if trainingIndex != nil {
        expected.append(
          PlannedSession(
            date: date, start: clock.instant(date, usualTime(pattern[weekday]).time), workoutName: name))
      }
      guard settings.reminders.weekdays.contains(weekday) else {
        notes.append(PlanNote(date: date, text: texts.disabledNote(weekday)))
        continue
      }
      if trainingIndex != nil {
        guard settings.reminders.enabled else {
          notes.append(PlanNote(date: date, text: texts.remindersOffNote))
          continue
        }
        reminders.append(
          workoutReminder(date: date, name: name, pattern: pattern[weekday], clock: clock, texts: texts))
        continue
      }
      guard knowsRestDays(pattern) else {
        notes.append(PlanNote(date: date, text: texts.noPatternYetNote))
        continue
      }
      let streak = trainingStreak(before: date, trained: trainedDates, ahead: Set(turns))
      let streakTriggered = settings.restDay.afterStreak > 0 && streak >= settings.restDay.afterStreak
      guard settings.restDay.enabled || streakTriggered else {
        // Tomorrow in a silence is no rest day the person asked for: say why it has no reminder.
        let silent = pattern.silentSince.flatMap { since in
          date == pattern.asOf.adding(days: 1) && pattern[weekday].sessionCount > 0 ? since : nil
        }
        notes.append(PlanNote(date: date, text: silent.map(texts.silenceNote) ?? texts.restDayNote))
        continue
      }
      let (title, body) = texts.restDay(streak: streakTriggered ? streak : nil)
      let start = clock.instant(date, settings.restDay.time)
      reminders.append(
        Reminder(
          kind: .restDay, date: date, start: start,
          end: start.addingTimeInterval(TimeInterval(Self.restDayDurationMinutes * 60)),
          fire: adjustedForQuietHours(start, clock: clock), title: title, body: body,
          workoutName: nil,
          reason: texts.restDayReason(streak: streakTriggered ? streak : nil)))
    }
    return Plan(
      horizon: horizon, timeZone: clock.identifier, reminders: reminders, notes: notes, sessions: expected)
  }

  /// Whether a day without a reminder is known to be a rest day. Before the history is a
  /// pattern it is not: a rest-day reminder on each of a new person's first days would be a
  /// guess, and the run says "no pattern yet". A `[program]` says which days are for training,
  /// so its other days are rest days.
  public func knowsRestDays(_ pattern: TrainingPattern) -> Bool {
    pattern.isPattern || !settings.program.isEmpty
  }

  private func workoutReminder(
    date: LocalDate, name: String?, pattern: WeekdayPattern, clock: ZoneClock, texts: ReminderTexts
  ) -> Reminder {
    let (time, planned, learned) = usualTime(pattern)
    let start = clock.instant(date, time)
    let duration = pattern.typicalDurationMinutes ?? Self.defaultDurationMinutes
    // The alarm is the learned one, which may come more than the lead before the usual start (it
    // keeps a margin before the earliest start it catches); the preferred time's is the lead.
    let fire = min(
      start,
      clock.instant(date, planned).addingTimeInterval(TimeInterval(-settings.reminders.leadMinutes * 60)))
    let (title, body) = texts.workout(workoutName: name, start: time, learned: learned)
    let reason = texts.workoutReason(
      program: settings.program[date.weekday] != nil, confidence: pattern.confidence, time: time,
      learned: learned)
    return Reminder(
      kind: .workout, date: date, start: start,
      end: start.addingTimeInterval(TimeInterval(duration * 60)),
      fire: adjustedForQuietHours(fire, clock: clock), title: title, body: body,
      summary: texts.workoutSummary(workoutName: name), workoutName: name, reason: reason)
  }

  /// The learned start of a weekday, or the preferred time while too few sessions teach one;
  /// the alarm's planned start where snoozes moved the alarm past the learned start. With it,
  /// `planned`: the alarm's time plus the lead.
  private func usualTime(_ pattern: WeekdayPattern) -> (time: LocalTime, planned: LocalTime, learned: Bool) {
    if let planned = pattern.plannedStart {
      let alarm = planned.minuteOfDay - settings.reminders.leadMinutes
      guard let usual = pattern.usualStart, usual.minuteOfDay >= alarm else {
        return (planned, planned, true)
      }
      return (usual, planned, true)
    }
    return (settings.reminders.preferredTime, settings.reminders.preferredTime, false)
  }

  private func adjustedForQuietHours(_ fire: Date, clock: ZoneClock) -> Date {
    settings.quietHours?.adjust(fire, clock: clock) ?? fire
  }

  /// Consecutive training days right before `date`: days trained, and days the plan expects a
  /// workout on that are still ahead (not skipped, start not yet passed).
  private func trainingStreak(before date: LocalDate, trained: Set<LocalDate>, ahead: Set<LocalDate>) -> Int {
    var count = 0
    var day = date.adding(days: -1)
    while trained.contains(day) || ahead.contains(day) {
      count += 1
      day = day.adding(days: -1)
    }
    return count
  }
}
