import ArgumentParser
import SpotterApp

extension SpotterCommand.Focus {
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm",
      abstract: "Delete a focus block; its alert is written once more as STATUS:CANCELLED.")

    @OptionGroup var options: GlobalOptions

    @Argument(
      help: "The block's id (or a unique prefix of at least four characters).",
      completion: .custom { words, _, prefix in
        CompletionCandidates.focusBlockIDs(words: words, prefix: prefix)
      })
    var id: String

    @OptionGroup var output: FocusOutputOptions

    func run() throws {
      try options.perform { workspace in
        output.report(
          try output.service(in: workspace)
            .remove(id: id), in: workspace)
      }
    }
  }
}
