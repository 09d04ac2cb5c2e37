import Foundation
import SpotterCore
import SpotterIO

extension Workspace {
  /// The zone the agenda's times are written in.
  public var cronTimeZone: TimeZone { settings.agendaTimeZone ?? machineTimeZone }

  /// `[agenda] nightly`, read on the user's clock and written on cron's.
  public var nightlySchedule: NightlyCronTime {
    NightlyCronTime(
      nightly: settings.agendaNightly, userClock: clock, cronClock: ZoneClock(timeZone: cronTimeZone))
  }

  /// The vdir that also gets one `UID.ics` per reminder: `--vdir`, else the config's `vdir`,
  /// with a leading `~/` read as `$HOME`.
  public var vdirPath: String? {
    guard let path = options.vdirPath ?? settings.vdirPath else { return nil }
    return expandingHome(path)
  }

  /// `path` with a leading `~/` read as this invocation's `HOME`; unchanged without one.
  public func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = options.environment["HOME"] else { return path }
    return home + path.dropFirst()
  }

  /// A warning when `[agenda] timezone` is not the zone cron runs in: the lines would fire at
  /// that zone's readings of the machine's clock.
  public var cronZoneWarning: String? {
    guard let configured = settings.agendaTimeZone, configured.identifier != machineTimeZone.identifier else {
      return nil
    }
    return
      "agenda.timezone '\(configured.name)' differs from the system zone '\(machineTimeZone.name)' "
      + "that cron runs in; the agenda's alarms fire on time only if cron runs in '\(configured.identifier)'"
  }

  /// Notifiers that are not installed, when the agenda's lines go through `spotter fire`: every
  /// alarm would fail with exit 127.
  public var notifierWarnings: [String] {
    guard settings.agendaCommand.contains("{fire}") else { return [] }
    return settings.notify.commands.flatMap {
      ConfigInitializer.notifierWarnings(
        $0, environment: options.environment, words: words)
    }
  }

  /// The agenda's writer: lines in the cron zone that call `spotter fire` for this store.
  public var agendaWriter: CrontabWriter {
    CrontabWriter(
      commandTemplate: settings.agendaCommand, fireCommand: invocation("fire") + " --quiet",
      cronZone: cronTimeZone, calendarZone: settings.timeZone, warning: cronZoneWarning)
  }
}
