import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct Fire: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fire",
      abstract: "Deliver one reminder now if it still holds; this is what agenda lines run.",
      discussion: """
        Skips it when you already trained that day, a workout is in progress, the day is skipped, \
        the reminder is done, cancelled, snoozed or moved, or it was delivered already. Otherwise \
        runs the [notify] commands. Exit 69 when a notifier fails; the next catch-up retries it.
        """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var reminder: ReminderArgument

    @Flag(help: "Print nothing unless something fails (for cron).")
    var quiet = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        let result = try FireService(workspace: workspace).fire(uid: reminder.uid)
        try options.fail(
          result.failures,
          after: json
            ? try JSONOutput.encode(result, timeZone: workspace.settings.timeZone)
            : quiet ? "" : result.line(workspace.words), words: workspace.words)
        return ""
      }
    }
  }
}
