/// Checks the time of the installed nightly run against DST in the zone cron runs in.
///
/// Cron skips a job whose time does not exist on a spring-forward night and may run it twice on
/// a fall-back night. Most zones change between 01:00 and 03:00, so that window is refused
/// outright; for the zones that change at other hours the next year is checked day by day.
public struct NightlyTimeValidator: Sendable {
  public var clock: ZoneClock

  public init(clock: ZoneClock) {
    self.clock = clock
  }

  /// Whether `time` lies in 01:00–03:00, where most zones change; refused in any zone.
  public static func isInChangeWindow(_ time: LocalTime) -> Bool { (60...180).contains(time.minuteOfDay) }

  /// Why `time` is a bad nightly time from `today` on, or nil when it is safe.
  public func problem(with time: LocalTime, from today: LocalDate) -> String? {
    if Self.isInChangeWindow(time) {
      return "between 01:00 and 03:00, where a DST change can skip or double the nightly run"
    }
    for offset in 0..<366 {
      let local = LocalDateTime(date: today.adding(days: offset), time: time)
      if clock.isInGap(local) {
        return "does not exist on \(local.date) in \(clock.identifier) (DST gap)"
      }
      if clock.isAmbiguous(local) {
        return "happens twice on \(local.date) in \(clock.identifier) (DST overlap)"
      }
    }
    return nil
  }
}
