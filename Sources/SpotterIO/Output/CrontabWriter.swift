import Foundation
import SpotterCore

/// Writes the agenda: one crontab(5) line per alarm, for machines and calendars without VALARM.
///
/// Cron reads times in the machine's zone, which need not be the calendar's, so each alarm
/// instant is converted to the cron zone. Converting an instant never lands in a DST gap; a time
/// that exists twice is moved past the overlap when it is the second occurrence, because cron
/// runs a fixed-time job only at the first.
public struct CrontabWriter: Sendable {
  /// The command with `{title}`, `{body}`, `{uid}`, `{kind}`, `{start}` and `{fire}` placeholders.
  public var commandTemplate: CommandTemplate
  /// What `{fire}` stands for: the quoted `spotter fire` command of this store.
  public var fireCommand: String
  public var cronClock: ZoneClock
  public var calendarClock: ZoneClock
  /// Written into the header, e.g. that the cron zone is not the system's.
  public var warning: String?

  public init(
    commandTemplate: String, fireCommand: String = "spotter fire", cronZone: TimeZone, calendarZone: TimeZone,
    warning: String? = nil
  ) {
    self.warning = warning
    self.commandTemplate = CommandTemplate(commandTemplate)
    self.fireCommand = fireCommand
    cronClock = ZoneClock(timeZone: cronZone)
    calendarClock = ZoneClock(timeZone: calendarZone)
  }

  public func write(events: [Event], horizon: Horizon, now: Date) -> String {
    let from = calendarClock.startOfDay(horizon.start)
    let to = calendarClock.startOfDay(horizon.end)
    var text = """
      # Spotter agenda for \(horizon.start) to \(horizon.end.adding(days: -1)) \
      (calendar zone \(calendarClock.identifier))
      # Horizon \(Self.stamp(from, calendarClock)) to \(Self.stamp(to, calendarClock))
      # Times are in the zone cron runs in: \(cronClock.timeZone.name). Rewritten by every command that changes a reminder.

      """
    if let warning { text = text.dropLast() + "# Warning: \(warning)\n\n" }
    for event in events where event.status == .confirmed {
      for alarm in event.alarms {
        let fire = event.start.addingTimeInterval(TimeInterval(alarm.trigger.offsetSeconds))
        guard fire > now else { continue }
        let local = cronFireTime(fire)
        text += "\(local.time.minute) \(local.time.hour) \(local.date.day) \(local.date.month) * "
        text += command(for: event, title: alarm.description) + " # spotter:\(event.uid)\n"
      }
    }
    return text
  }

  /// The cron reading of `fire`, to the minute; past the overlap when cron would not run it at
  /// that reading.
  ///
  /// Cron names minutes, so the search starts at the minute that holds `fire`: a fire time with
  /// seconds (a block added `+2h` from a clock at 10:00:17) reads as 12:00, and the walk is bounded
  /// by the longest overlap tzdata has (a day), whatever the instant.
  func cronFireTime(_ fire: Date) -> LocalDateTime {
    var instant = Date(timeIntervalSince1970: (fire.timeIntervalSince1970 / 60).rounded(.down) * 60)
    var local = cronClock.local(instant)
    // Minute by minute: the overlap is at most a few hours, and this runs only inside one.
    var steps = 0
    while cronClock.instant(local) != instant && steps < Self.longestOverlapMinutes {
      steps += 1
      instant = instant.addingTimeInterval(60)
      local = cronClock.local(instant)
    }
    return local
  }

  /// A bound on any zone's repeated wall-clock hours, in minutes: no tzdata transition has
  /// turned a clock back by a whole day.
  static let longestOverlapMinutes = 24 * 60

  /// The command of one line: placeholders shell-quoted, then every `%` escaped for cron.
  ///
  /// `{title}` is the alarm's text, which for a focus block is the alert ("Focus block starts
  /// soon") rather than the block's own name in SUMMARY.
  func command(for event: Event, title: String) -> String {
    let values = [
      "title": title, "body": event.description, "uid": event.uid, "kind": event.kind.rawValue,
      "start": Self.stamp(event.start, calendarClock),
    ]
    return Self.escapePercent(commandTemplate.expand(values, verbatim: ["fire": fireCommand]))
  }

  /// Cron turns an unescaped `%` into a line break and feeds the rest to standard input.
  public static func escapePercent(_ command: String) -> String {
    command.replacingOccurrences(of: "%", with: "\\%")
  }

  public static func stamp(_ instant: Date, _ clock: ZoneClock) -> String {
    let offset = clock.offset(at: instant)
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    let local = clock.local(instant)
    return String(local.description.prefix(16))
      + String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
  }
}
