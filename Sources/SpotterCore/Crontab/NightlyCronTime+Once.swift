import Foundation

/// Every night exactly once, on any pair of zones.
///
/// Cron reads its lines on the machine's clock and has two blind spots on DST nights: a fixed
/// time that happens twice runs in its first pass only, and each run rewrites the daily line for
/// the next night, so a line that moves later fires again the same day. Both are closed here:
/// - the nightly instant of each of the user's dates is defined once (``instant(on:)``);
/// - a nightly invocation runs only the latest night that is due and not yet claimed, and
///   otherwise ends at once (``decision(at:lastClaimed:)``);
/// - when the next night's instant is the second pass of a time cron's clock reads twice, a
///   line for that date alone fires at that minute of every hour, both passes included, so that
///   one of its firings is the instant itself (``cronTiming(after:)``).
extension NightlyCronTime {
  /// What a nightly invocation does.
  public enum Decision: Sendable, Hashable {
    /// Run the night of this user's date, and claim it first.
    case run(LocalDate)
    /// The latest night due, of this date, is claimed already: end at once.
    case done(LocalDate)
  }

  /// What the crontab is told for the next night.
  public struct CronTiming: Sendable, Hashable {
    /// The daily line's time on cron's clock.
    public var daily: LocalTime
    /// For a night whose instant is the second pass of a time cron reads twice: that night's
    /// date on cron's clock and the minute, for a line that fires at that minute every hour.
    public var dated: (date: LocalDate, minute: Int)?

    public static func == (a: CronTiming, b: CronTiming) -> Bool {
      a.daily == b.daily && a.dated?.date == b.dated?.date && a.dated?.minute == b.dated?.minute
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(daily)
      hasher.combine(dated?.date)
      hasher.combine(dated?.minute)
    }
  }

  /// How early an invocation may start and still count as the night's: cron starts a job at the
  /// minute it names, but a clock read a moment before that minute must not lose the night.
  static let earlyTolerance: TimeInterval = 59

  /// The instant of the night of the user's `date`: the nightly time on the user's clock, its
  /// first pass when that clock reads it twice, and the first minute after the change when it
  /// does not exist that day.
  public func instant(on date: LocalDate) -> Date {
    let local = LocalDateTime(date: date, time: nightly)
    guard userClock.isInGap(local) else { return userClock.instant(local) }
    // The gap's end: the first instant whose reading is later than the nightly time that day.
    // Found by the offset after the change, which puts the reading just past the gap.
    let shifted = userClock.instant(local)
    var end = shifted
    while userClock.local(end.addingTimeInterval(-60)).wallSeconds > local.wallSeconds {
      end = end.addingTimeInterval(-60)
    }
    return end
  }

  /// The latest user's date whose night is due at `now`.
  public func dueNight(at now: Date) -> LocalDate {
    let today = userClock.localDate(now)
    return instant(on: today).addingTimeInterval(-Self.earlyTolerance) <= now ? today : today.adding(days: -1)
  }

  /// What a nightly invocation at `now` does, when the night of `lastClaimed` was the last one
  /// claimed (nil: none yet).
  ///
  /// Only the due night's own claim ends it. A claim of a later night was made with the clock
  /// ahead of this one (a `run --nightly --now` in the future, a clock set wrong and corrected
  /// since): honoured, it skipped every night until its date, months of no reminders without a
  /// word. Running a night again after the clock went back costs an unchanged night.
  public func decision(at now: Date, lastClaimed: LocalDate?) -> Decision {
    let due = dueNight(at: now)
    if let lastClaimed, lastClaimed == due { return .done(due) }
    return .run(due)
  }

  /// The next night's instant after `now`: tonight's while it is ahead, else tomorrow's.
  public func nextNightInstant(after now: Date) -> Date {
    let today = userClock.localDate(now)
    let tonight = instant(on: today)
    return tonight > now ? tonight : instant(on: today.adding(days: 1))
  }

  /// The lines' timing that makes cron fire at the next night's instant after `now`.
  public func cronTiming(after now: Date) -> CronTiming {
    let next = nextNightInstant(after: now)
    let reading = cronClock.local(next)
    var timing = CronTiming(daily: reading.time)
    // Cron runs a fixed time it reads twice in the first pass only: a second-pass instant gets a
    // line with a wildcard hour, which cron runs in both passes.
    if cronClock.isAmbiguous(reading), cronClock.instant(reading) != next {
      timing.dated = (reading.date, reading.time.minute)
    }
    return timing
  }
}
