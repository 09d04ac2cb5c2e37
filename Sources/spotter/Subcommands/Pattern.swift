import ArgumentParser
import Foundation
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Pattern: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the learned training week as a heatmap with usual times and confidence.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the pattern as JSON.")
    var json = false

    @Flag(help: "Shade the heatmap with ANSI colours.")
    var color = false

    func run() throws {
      try options.perform { workspace in
        let sessions = try workspace.openStore(readOnly: true).sessions()
        let pattern = PatternLearner().learn(from: sessions, today: workspace.today, clock: workspace.clock)
        let view = PatternView(pattern: pattern, settings: workspace.settings)
        return json ? JSONOutput.encode(view) : view.text(color: color)
      }
    }
  }
}
