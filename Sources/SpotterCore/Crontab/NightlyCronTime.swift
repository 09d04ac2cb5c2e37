import Foundation

/// The nightly run's time as cron must be told it.
///
/// `[agenda] nightly` is a time on the user's clock ("21:30 in Tokyo"), but cron reads its lines
/// on the machine's clock, which on a server is often UTC. The line is therefore written as the
/// machine's reading of the next nightly instant, and every run rewrites it for the run after, so
/// a change of either zone's offset moves the line with it.
public struct NightlyCronTime: Sendable {
  /// `[agenda] nightly`, on the user's clock.
  public var nightly: LocalTime
  /// The user's zone, in which `nightly` is read.
  public var userClock: ZoneClock
  /// The zone cron reads its lines in.
  public var cronClock: ZoneClock

  public init(nightly: LocalTime, userClock: ZoneClock, cronClock: ZoneClock) {
    self.nightly = nightly
    self.userClock = userClock
    self.cronClock = cronClock
  }

  /// The instant of the next nightly run after `now`: today's, or tomorrow's once today's has
  /// begun, so that the run itself writes the line for the night after.
  public func nextRun(after now: Date) -> Date {
    let today = userClock.localDate(now)
    let tonight = userClock.instant(today, nightly)
    return tonight > now ? tonight : userClock.instant(today.adding(days: 1), nightly)
  }

  /// The cron zone's reading of the next nightly run: the hour and minute of the crontab line.
  public func cronTime(after now: Date) -> LocalTime {
    cronClock.local(nextRun(after: now)).time
  }

  /// Whether the two clocks read the nightly time differently, so that the line needs saying.
  public func differs(after now: Date) -> Bool {
    userClock.identifier != cronClock.identifier && cronTime(after: now) != nightly
  }

  /// Why `nightly` is a bad time from `now` on, or nil when it is safe: it must be safe on the
  /// user's clock (``NightlyTimeValidator``), and on no day of the coming year may the cron zone
  /// read it as a time that happens twice, which cron may run twice or not at all.
  public func problem(from now: Date) -> String? {
    let today = userClock.localDate(now)
    if let problem = NightlyTimeValidator(clock: userClock).problem(with: nightly, from: today) {
      return problem
    }
    guard userClock.identifier != cronClock.identifier else { return nil }
    for offset in 0..<366 {
      let instant = userClock.instant(today.adding(days: offset), nightly)
      let cronLocal = cronClock.local(instant)
      if cronClock.isAmbiguous(cronLocal) {
        return
          "is \(cronLocal.time) on \(cronLocal.date) in \(cronClock.identifier), where cron runs, "
          + "and that time happens twice there (DST overlap)"
      }
    }
    return nil
  }
}
