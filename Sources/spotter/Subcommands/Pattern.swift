import ArgumentParser
import Foundation
import SpotterApp

extension SpotterCommand {
  struct Pattern: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pattern",
      abstract: "Show the learned training week as a heatmap with usual times and confidence.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the pattern as JSON.")
    var json = false

    @Option(
      help:
        "Shade the heatmap with ANSI colours: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    func run() throws {
      try options.perform { workspace in
        let view = try PreviewService(workspace: workspace).pattern()
        return json
          ? try JSONOutput.encode(view, timeZone: workspace.settings.timeZone)
          : view.text(color: color.enabled(), words: workspace.words)
      }
    }
  }
}
