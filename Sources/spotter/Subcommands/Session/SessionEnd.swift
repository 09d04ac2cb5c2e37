import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct End: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "End a session now: pending pause reminders are cancelled and its achievements announced.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The session's id, or its first characters.")
    var id: String

    @OptionGroup var output: OutputOptions

    func run() throws {
      try options.perform { workspace in
        let (item, _) = try SessionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace)
        )
        .apply(.end, to: id)
        return output.json ? JSONOutput.encode(item) : item.line
      }
    }
  }
}
