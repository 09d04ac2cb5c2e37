import ArgumentParser
import SpotterApp

extension SpotterCommand.Focus {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List focus blocks.")

    @OptionGroup var options: GlobalOptions

    @Option(
      help: "Only blocks with an occurrence from this day: today, tomorrow, fri, next mon, +2d or YYYY-MM-DD."
    )
    var from: String?

    @Option(help: "Only blocks with an occurrence before this date.")
    var to: String?

    @Flag(help: "Print the blocks as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        let items = try FocusService(workspace: workspace, outputDirectory: workspace.paths.output).list(
          from: try from.map { try workspace.date($0, option: "--from") },
          to: try to.map { try workspace.date($0, option: "--to") })
        if json { return try JSONOutput.encode(items, as: "blocks", timeZone: workspace.settings.timeZone) }
        let words = workspace.words
        return items.isEmpty
          ? words.pick("no focus blocks", "keine Fokusblöcke")
          : items.map { $0.line(words) }.joined(separator: "\n")
      }
    }
  }
}
