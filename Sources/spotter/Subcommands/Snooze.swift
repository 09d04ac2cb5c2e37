import ArgumentParser
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "snooze",
      abstract: "Move a reminder's alarm later (\"Snooze 1 hour\") and rewrite the outputs.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var reminder: ReminderArgument

    @Argument(help: "How long: 1h, 30m, 1h30m (default: [notify] snooze_minutes, 60).")
    var duration: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
      if let duration, FocusTimeParser.duration(duration) == nil {
        throw UsageWords.refusal(
          "DURATION must look like 1h, 30m or 1h30m (1 min to 24 h), not '\(duration)'.",
          "DAUER muss wie 1h, 30m oder 1h30m aussehen (1 min bis 24 h), nicht '\(duration)'.")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let seconds =
          duration.flatMap(FocusTimeParser.duration) ?? workspace.settings.notify.snoozeMinutes * 60
        let record = try ReminderActionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace)
        )
        .snooze(uid: reminder.uid, seconds: seconds)
        let view = ReminderChange(record, clock: workspace.clock)
        return output.json
          ? try JSONOutput.encode(view, timeZone: workspace.settings.timeZone)
          : view.line(.snoozed, workspace.words)
      }
    }
  }
}
