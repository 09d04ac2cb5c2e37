import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark a session paused now: its pause reminders follow from this moment.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The session's id, or its first characters.")
    var id: String

    @OptionGroup var output: OutputOptions

    func run() throws {
      try options.perform { workspace in
        let (item, _) = try SessionService(
          workspace: workspace, outputDirectory: output.directory(in: workspace)
        )
        .apply(.pause, to: id)
        return output.json ? JSONOutput.encode(item) : item.line
      }
    }
  }
}
