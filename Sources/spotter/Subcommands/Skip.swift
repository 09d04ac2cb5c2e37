import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct Skip: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "skip",
      abstract: "Take a day off (\"Pause today\"): no workout or rest-day reminders.",
      discussion: "Focus block alerts still fire. --undo puts the day back and plans it again.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The day: today, tomorrow, fri, next mon, +2d or YYYY-MM-DD.")
    var day: String

    @Flag(help: "Put a skipped day back.")
    var undo = false

    @OptionGroup var output: OutputOptions

    func run() throws {
      try options.perform { workspace in
        let date = try workspace.plannedDay(day, option: "DAY")
        let service = ReminderActionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace))
        let already = try !undo && service.isSkipped(date)
        let outcome = try service.skip(date, undo: undo)
        let changed = outcome.changed.map { ReminderChange($0, clock: workspace.clock) }
        if output.json {
          return try JSONOutput.encode(changed, as: "changes", timeZone: workspace.settings.timeZone)
        }
        let words = workspace.words
        let lines =
          [ReminderChange.skipLine(date, undo: undo, already: already, words)]
          + changed.map { "  \($0.line(words))" }
        return lines.joined(separator: "\n")
      }
    }
  }
}
