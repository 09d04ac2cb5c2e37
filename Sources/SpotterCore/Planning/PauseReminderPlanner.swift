import Foundation

/// Plans seed 000 §3's reminders for a workout that was started and not finished.
///
/// The first fires the pause delay after the last activity, the second 24 hours after it; a
/// session whose second reminder is behind it is abandoned and gets no more. A step first seen
/// after its time fires at the next minute, unless the next step is due within the pause delay
/// anyway; a session whose last activity is more than 48 hours old is stale (seed 004) and is
/// abandoned without a word.
public struct PauseReminderPlanner: Sendable {
  public var settings: Settings
  public static let durationMinutes = 15

  public init(settings: Settings) {
    self.settings = settings
  }

  /// The planned reminders, and the sessions to mark abandoned.
  public struct Result: Sendable, Hashable {
    public var reminders: [Reminder]
    public var abandoned: [String]
  }

  /// - Parameters:
  ///   - known: the stored follow-up reminders by UID, whatever their date.
  public func plan(sessions: [Session], known: [String: ReminderRecord], now: Date) -> Result {
    let clock = ZoneClock(timeZone: settings.timeZone)
    let texts = ReminderTexts(language: settings.language, privacy: settings.privacy)
    var result = Result(reminders: [], abandoned: [])
    let hour = 3600.0
    // By index: a loop over the sessions copied each of years of them to read its state.
    for index in sessions.indices where sessions[index].state.isUnfinished {
      let session = sessions[index]
      let last = session.lastActivity
      let secondAt = last.addingTimeInterval(Double(PauseSettings.secondReminderHours) * hour)
      let uids = (1...2).map { Self.uid(session: session, step: $0, clock: clock) }
      let secondIsHistory = known[uids[1]].map { $0.status == .confirmed && $0.fire <= now } ?? false
      if secondIsHistory || now.timeIntervalSince(secondAt) >= Double(FireGuard.staleSeconds) {
        result.abandoned.append(session.id)
        continue
      }
      guard settings.pause.enabled else { continue }
      let delay = Double(settings.pause.delayHours) * hour
      let naturals = [last.addingTimeInterval(delay), secondAt].map(adjusted(clock))
      let (title, body) = texts.pausedWorkout(workoutName: session.workoutName, at: session.resumePoint)
      for step in 0..<2 {
        var fire = naturals[step]
        if fire <= now && known[uids[step]]?.status != .confirmed {
          if step == 0 && naturals[1].timeIntervalSince(now) < delay { continue }
          fire = adjusted(clock)(Self.nextMinute(after: now))
        }
        var reminder = Reminder(
          kind: .pausedWorkout, entity: session.id, date: clock.localDate(fire), start: fire,
          end: fire.addingTimeInterval(TimeInterval(Self.durationMinutes * 60)), fire: fire, title: title,
          body: body, workoutName: session.workoutName,
          reason: ReminderTexts(language: settings.language, privacy: settings.privacy).pausedReason(
            hours: step == 0 ? settings.pause.delayHours : 24, lastActivity: clock.local(last).minuteText))
        reminder.uid = uids[step]
        result.reminders.append(reminder)
      }
    }
    return result
  }

  /// `paused-workout-{session}-{step}-{session's date}@spotter`: the session, not its activity,
  /// names the reminder, so a later pause moves the event instead of making another.
  public static func uid(session: Session, step: Int, clock: ZoneClock) -> String {
    Reminder.uid(kind: .pausedWorkout, entity: "\(session.id)-\(step)", date: clock.localDate(session.start))
  }

  /// The first whole minute after `now`: the earliest a cron line can still fire.
  public static func nextMinute(after now: Date) -> Date {
    Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
  }

  private func adjusted(_ clock: ZoneClock) -> (Date) -> Date {
    { settings.quietHours?.adjust($0, clock: clock) ?? $0 }
  }
}
