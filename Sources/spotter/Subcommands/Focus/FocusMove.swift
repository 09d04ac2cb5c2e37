import ArgumentParser
import SpotterApp

extension SpotterCommand.Focus {
  struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "move",
      abstract: "Move a focus block; its alert keeps its UID and gets a raised SEQUENCE.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var block: FocusBlockArgument

    @Argument(help: "The new start; the block keeps its length unless --end or --for is given.")
    var start: String

    @OptionGroup var timing: FocusTimingOptions

    @Flag(help: "Keep the block even if it overlaps another block.")
    var force = false

    @OptionGroup var output: FocusOutputOptions

    func run() throws {
      try options.perform { workspace in
        try output.report(
          try output.service(in: workspace)
            .move(id: block.id, to: timing.timing(start: start), force: force), in: workspace)
      }
    }
  }
}
