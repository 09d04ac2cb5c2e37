/// How `spotter fire` and the catch-up deliver a reminder.
public struct NotifySettings: Sendable, Hashable {
  /// Notifier command templates, run one after the other through `/bin/sh -c`; placeholders
  /// `{title}`, `{body}`, `{uid}`, `{kind}` and `{start}` become quoted arguments, and the same
  /// values are in `SPOTTER_TITLE`, `SPOTTER_BODY`, `SPOTTER_UID`, `SPOTTER_KIND`, `SPOTTER_START`.
  public var commands: [String]
  /// How late a reminder whose fire time passed unseen may still be delivered.
  public var graceMinutes: Int
  /// A notifier still running after this long is stopped and counts as failed.
  public var timeoutSeconds: Int
  /// The length of `spotter snooze` without an argument (seed 003: "Snooze 1 hour").
  public var snoozeMinutes: Int

  public static let defaultCommands = ["notify-send --app-name=Spotter {title} {body}"]

  public init(
    commands: [String] = NotifySettings.defaultCommands, graceMinutes: Int = 30, timeoutSeconds: Int = 30,
    snoozeMinutes: Int = 60
  ) {
    self.commands = commands
    self.graceMinutes = graceMinutes
    self.timeoutSeconds = timeoutSeconds
    self.snoozeMinutes = snoozeMinutes
  }
}
