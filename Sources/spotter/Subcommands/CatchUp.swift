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
        `spotter run` does the same before planning. With the agenda installed, a nightly run the \
        machine slept through is run here, once, as the nightly line would have run it.
        """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        let results = try FireService(workspace: workspace).catchUp()
        let missed = MissedNightRunner(workspace: workspace)
        let night = try missed.run(json: json)
        let lines = results.map { $0.line(workspace.words) }
        let text =
          json
          ? try JSONOutput.encode(
            CatchUpReport(results: results, missedNight: night), timeZone: workspace.settings.timeZone)
          : (lines + (night.map { [missed.heading($0.date), $0.ending.text] } ?? [])).joined(separator: "\n")
        // A night's failures are its own exit code's (a bad export 65), as on the nightly line.
        try options.fail(
          results.flatMap(\.failures) + (night?.ending.failures ?? []), after: text,
          code: night.flatMap { $0.ending.failures.isEmpty ? nil : $0.ending.exitCode },
          words: workspace.words)
        return ""
      }
    }
  }
}
