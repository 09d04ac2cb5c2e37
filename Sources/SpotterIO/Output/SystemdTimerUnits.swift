/// A systemd user timer pair for the nightly run, and one for the minute-by-minute catch-up, as
/// the alternative to cron (`spotter agenda install --systemd`).
///
/// `Persistent=true` makes systemd start a nightly run the machine slept through as soon as it
/// wakes; the catch-up timer stands in for the agenda lines, which systemd has no cheap way to hold.
public struct SystemdTimerUnits: Sendable {
  /// File name to contents.
  public var files: [(name: String, text: String)]

  public static let names = [
    "spotter-nightly.service", "spotter-nightly.timer", "spotter-catch-up.service", "spotter-catch-up.timer",
  ]

  /// - Parameters:
  ///   - nightly: the nightly run's arguments, program first.
  ///   - catchUp: the catch-up's arguments, program first.
  ///   - nightlyCalendar: an `OnCalendar=` value, e.g. `*-*-* 21:30:00 Europe/Berlin`.
  public init(nightly: [String], catchUp: [String], nightlyCalendar: String) {
    files = [
      (
        "spotter-nightly.service",
        """
        [Unit]
        Description=Spotter nightly run: import, catch up, plan, write spotter.ics and agenda.crontab

        [Service]
        Type=oneshot
        ExecStart=\(Self.commandLine(nightly))

        """
      ),
      (
        "spotter-nightly.timer",
        """
        [Unit]
        Description=Spotter nightly run

        [Timer]
        OnCalendar=\(nightlyCalendar)
        Persistent=true

        [Install]
        WantedBy=timers.target

        """
      ),
      (
        "spotter-catch-up.service",
        """
        [Unit]
        Description=Spotter: deliver the reminders that came due

        [Service]
        Type=oneshot
        ExecStart=\(Self.commandLine(catchUp))

        """
      ),
      (
        "spotter-catch-up.timer",
        """
        [Unit]
        Description=Spotter reminders, checked every minute

        [Timer]
        OnCalendar=\(Self.everyMinute)
        AccuracySec=1s

        [Install]
        WantedBy=timers.target

        """
      ),
    ]
  }

  public static let everyMinute = "*-*-* *:*:00"

  /// systemd.service(5) quoting: double quotes, with `%` and `$` doubled so that systemd expands
  /// neither specifiers nor variables in a path or name.
  static func commandLine(_ arguments: [String]) -> String {
    arguments.map { argument in
      var quoted = "\""
      for character in argument {
        switch character {
        case "\\": quoted += "\\\\"
        case "\"": quoted += "\\\""
        case "%": quoted += "%%"
        case "$": quoted += "$$"
        default: quoted.append(character)
        }
      }
      return quoted + "\""
    }.joined(separator: " ")
  }
}
