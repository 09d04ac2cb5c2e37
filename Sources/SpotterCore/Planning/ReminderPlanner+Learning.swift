import Foundation

extension ReminderPlanner {
  /// Learns the pattern from `sessions` and plans the workout and rest-day reminders of
  /// `horizon`, with snoozes and done marks applied: the one step the nightly run, every
  /// re-planning command and the backtest share, so what a replay scores is what cron sends.
  ///
  /// - Parameters:
  ///   - reactions: what the person did with earlier reminders (skips, snoozes, done marks,
  ///     deliveries); a replay of an export has none.
  ///   - actions: snoozes and done marks by UID, applied to the fresh plan.
  ///   - learned: the pattern already learned from exactly these sessions and reactions today
  ///     (``LearnedPattern``), planned from instead of learning again.
  public func learnAndPlan(
    sessions: [Session], reactions: [ReminderReaction] = [], horizon: Horizon, now: Date,
    skipped: Set<LocalDate> = [], actions: [String: ReminderAction] = [:],
    parameters: LearningParameters = .standard, learned: TrainingPattern? = nil
  ) -> (pattern: TrainingPattern, plan: Plan) {
    let clock = ZoneClock(timeZone: settings.timeZone)
    var pattern =
      learned
      ?? PatternLearner(leadMinutes: settings.reminders.leadMinutes, parameters: parameters).learn(
        from: sessions, reactions: reactions, now: now, clock: clock)
    // The name reading joins the pattern, so a pattern kept for the day keeps it too.
    var reading = pattern.nameReading
    var plan = plan(
      sessions: sessions, pattern: pattern, horizon: horizon, now: now, skipped: skipped, reading: &reading)
    pattern.nameReading = reading
    plan.reminders = ReminderAction.apply(actions, to: plan.reminders)
    return (pattern, plan)
  }
}
