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

  /// What the agenda must say before its lines: a cron zone that is not the machine's, and a
  /// path its lines cannot name.
  public var agendaWarning: String? {
    let warnings = [cronZoneWarning, lineBreakWarning].compactMap { $0 }
    return warnings.isEmpty ? nil : warnings.joined(separator: "; ")
  }

  /// A warning when the binary, or the default config the lines name, lies under a name with a
  /// line break: a crontab line cannot hold one (the shell quoting writes it as a space), so
  /// every `spotter fire` line would name a file that is not there, and each alarm would fail
  /// when it fires. `--db` and `--config` with one are refused (``Workspace/init(options:)``).
  public var lineBreakWarning: String? {
    let path: String
    if let binary = options.executablePath, binary.hasLineBreak {
      path = binary
    } else if options.configPath == nil, paths.config.hasLineBreak,
      // Asked only of a name with a line break, not of every user's every night.
      FileManager.default.fileExists(atPath: paths.config)
    {
      path = paths.config
    } else {
      return nil
    }
    let shown = ErrorText.sanitized(path)
    return words.pick(
      "'\(shown)' holds a line break, which a crontab line cannot hold; the agenda's lines will not "
        + "find it and every alarm would fail: move it to a path without one",
      "'\(shown)' enthält einen Zeilenumbruch, den eine crontab-Zeile nicht fassen kann; die Zeilen der "
        + "Agenda finden es nicht und jeder Alarm schlüge fehl: verschiebe es an einen Pfad ohne")
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

  /// That no cron daemon runs here, so an installed block would never fire (a container, WSL);
  /// nil when one runs or this process cannot tell. `SPOTTER_PROC` names another `/proc`, for
  /// tests.
  public var cronDaemonWarning: String? {
    guard CronDaemon.isRunning(proc: options.environment["SPOTTER_PROC"] ?? "/proc") == false else {
      return nil
    }
    return words.pick(
      "no cron daemon is running on this machine (no process named cron, crond, fcron or bcron-sched), so "
        + "the block's lines will not fire until one does: start it (Debian: 'service cron start', or enable "
        + "it), or use 'agenda install --systemd'",
      "auf diesem Rechner läuft kein cron-Dienst (kein Prozess namens cron, crond, fcron oder bcron-sched), "
        + "die Zeilen des Blocks laufen also erst, wenn einer läuft: starte ihn (Debian: 'service cron start', "
        + "oder schalte ihn ein), oder nimm 'agenda install --systemd'")
  }

  /// The agenda's writer: lines in the cron zone that call `spotter fire` for this store.
  public var agendaWriter: CrontabWriter {
    CrontabWriter(
      commandTemplate: settings.agendaCommand, fireCommand: invocation("fire") + " --quiet",
      cronZone: cronTimeZone, calendarZone: settings.timeZone, warning: agendaWarning)
  }
}
