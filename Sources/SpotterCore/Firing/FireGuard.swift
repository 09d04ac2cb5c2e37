import Foundation

/// Re-checks a reminder at the moment it fires, which a calendar alarm decided the night before
/// cannot do.
///
/// The rules: seed 000's "no reminder when already trained today" and "no reminder while a
/// workout is paused"; no paused-workout reminder once that workout is finished; no overload
/// suggestion during a session or after the one it was meant for; `spotter skip` and `spotter done`; a moved or snoozed reminder fires at
/// its new time only; and seed 004's recovery rules: a fire time that passed unseen is caught up
/// within the grace window, and anything older than 24 hours is discarded, never delivered late.
public struct FireGuard: Sendable {
  /// How late an unseen reminder may still be delivered.
  public var graceSeconds: Int
  public var clock: ZoneClock

  /// Seed 004: state older than 24 hours is discarded.
  public static let staleSeconds = 24 * 3600
  /// Cron starts a job within its minute; anything earlier than that is not the reminder's time.
  public static let earlySeconds = 60

  public init(graceSeconds: Int, clock: ZoneClock) {
    self.graceSeconds = graceSeconds
    self.clock = clock
  }

  public func decide(_ record: ReminderRecord, state: FireState, now: Date) -> FireDecision {
    if record.status == .cancelled {
      if state.done { return .skip(reason: "marked done") }
      if state.daySkipped && record.kind.followsDaySkip { return .skip(reason: "day skipped") }
      return .skip(reason: "cancelled: moved away, removed or no longer planned")
    }
    let age = Int(now.timeIntervalSince(record.fire).rounded(.down))
    if age < -Self.earlySeconds {
      return .notDue(reason: "not due until \(stamp(record.fire))")
    }
    if record.kind.followsDaySkip {
      if state.daySkipped { return .skip(reason: "day skipped") }
      if state.trainedOnDate { return .skip(reason: trained(record, now: now)) }
    }
    if (record.kind == .workout || record.kind == .overload) && state.workoutInProgress {
      return .skip(reason: "a workout is in progress")
    }
    if record.kind == .overload && state.trainedOnDate {
      return .skip(reason: trained(record, now: now))
    }
    if record.kind == .pausedWorkout && state.sessionFinished {
      return .skip(reason: "workout already finished")
    }
    // A first revision written after its own fire time (a block imported once its alert had
    // passed) was never due: nothing was missed.
    if record.sequence == 0 && record.stamp > record.fire && age > graceSeconds {
      return .skip(reason: "planned after its time, \(stamp(record.fire)): never due, not missed")
    }
    if age > Self.staleSeconds {
      return .discard(reason: "stale: due \(stamp(record.fire)), more than 24 h ago")
    }
    if age > graceSeconds && !state.failedBefore {
      return .missed(
        reason: "due \(stamp(record.fire)), \(age / 60) min ago, past the "
          + "\(graceSeconds / 60) min grace window")
    }
    if age < 60 { return .deliver(reason: "on time") }
    return .deliver(
      reason: state.failedBefore ? "retry, \(age / 60) min late" : "caught up, \(age / 60) min late")
  }

  /// "already trained today", or the day's date when the reminder was for another day: the
  /// catch-up after a clock set back and forward again meets reminders days old, and "today"
  /// would be untrue in the delivery history.
  private func trained(_ record: ReminderRecord, now: Date) -> String {
    record.date == clock.localDate(now) ? "already trained today" : "already trained on \(record.date)"
  }

  private func stamp(_ instant: Date) -> String {
    clock.local(instant).minuteText
  }
}
