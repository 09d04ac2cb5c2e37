import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Resume a paused or abandoned session: its pause reminders wait for the next pause.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The session's id, or its first characters.")
    var id: String

    @OptionGroup var output: OutputOptions

    func run() throws {
      try options.perform { workspace in
        let (item, _) = try SessionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace)
        )
        .apply(.resume, to: id)
        return output.json ? JSONOutput.encode(item) : item.line
      }
    }
  }
}
