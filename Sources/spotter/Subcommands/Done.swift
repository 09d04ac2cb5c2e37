import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "done",
      abstract: "Mark a reminder done: it is cancelled in both outputs and never fires.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var reminder: ReminderArgument

    @Flag(help: "Take a done mark back: the reminder is planned again.")
    var undo = false

    @OptionGroup var output: OutputOptions

    func run() throws {
      try options.perform { workspace in
        let service = ReminderActionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace))
        let record = try undo ? service.undoDone(uid: reminder.uid) : service.done(uid: reminder.uid)
        let view = ReminderChange(record, clock: workspace.clock)
        return output.json
          ? try JSONOutput.encode(view, timeZone: workspace.settings.timeZone)
          : view.line(undo ? .undone : .done, workspace.words)
      }
    }
  }
}
