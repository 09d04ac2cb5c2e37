import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "done",
      abstract: "Mark a reminder done: it is cancelled in both outputs and never fires.")

    @OptionGroup var options: GlobalOptions

    @Argument(
      help: "The reminder's UID.",
      completion: .custom { words, _, prefix in
        CompletionCandidates.reminderUIDs(words: words, prefix: prefix)
      })
    var uid: String

    @Flag(help: "Take a done mark back: the reminder is planned again.")
    var undo = false

    @OptionGroup var output: OutputOptions

    func run() throws {
      try options.perform { workspace in
        let service = ReminderActionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace))
        let record = try undo ? service.undoDone(uid: uid) : service.done(uid: uid)
        let view = ReminderChange(record, clock: workspace.clock)
        return output.json
          ? JSONOutput.encode(view, timeZone: workspace.settings.timeZone)
          : "\(undo ? "undone" : "done") \(view.line)"
      }
    }
  }
}
