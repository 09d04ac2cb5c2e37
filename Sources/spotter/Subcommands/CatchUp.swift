import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct CatchUp: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "catch-up",
      abstract: "Deliver reminders whose fire time passed unseen, within the grace window.",
      discussion: """
        For a machine that slept through a reminder: delivers what came due less than \
        [notify] grace_minutes ago (default 30) and retries failed notifiers; records later ones as \
        missed and those more than 24 h old as discarded. Nothing is ever delivered twice. \
        `spotter run` does the same before planning.
        """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        let results = try FireService(workspace: workspace).catchUp()
        try options.fail(
          results.flatMap(\.failures),
          after: json
            ? try JSONOutput.encode(results, as: "results", timeZone: workspace.settings.timeZone)
            : results.map { $0.line(workspace.words) }.joined(separator: "\n"), words: workspace.words)
        return ""
      }
    }
  }
}
