import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List unfinished sessions and those of the last week, with pending pause reminders.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "List every session.")
    var all = false

    @Flag(help: "Print the sessions as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        let items = try SessionService(workspace: workspace, outputDirectory: workspace.paths.output).list(
          all: all)
        if json { return try JSONOutput.encode(items, as: "sessions", timeZone: workspace.settings.timeZone) }
        let words = workspace.words
        return items.isEmpty
          ? words.pick("no sessions", "keine Einheiten")
          : items.map { $0.line(words) }.joined(separator: "\n")
      }
    }
  }
}
