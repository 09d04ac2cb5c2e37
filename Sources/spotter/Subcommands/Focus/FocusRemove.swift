import ArgumentParser
import SpotterApp

extension SpotterCommand.Focus {
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm",
      abstract: "Delete a focus block; its alert is written once more as STATUS:CANCELLED.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var block: FocusBlockArgument

    @OptionGroup var output: FocusOutputOptions

    func run() throws {
      try options.perform { workspace in
        try output.report(
          try output.service(in: workspace)
            .remove(id: block.id), in: workspace)
      }
    }
  }
}
