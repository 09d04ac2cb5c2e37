import ArgumentParser
import Foundation
import SpotterApp

extension SpotterCommand {
  struct Backtest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "backtest",
      abstract: "Replay your own history night by night and score the reminders Spotter would have sent.",
      discussion: """
        Each night at 21:00 of the last --weeks weeks plans the next day from the sessions logged \
        before it; the reminder is compared with what you did. Spotter is scored beside three \
        simple rules (same weekday last week; 2 of the last 4 weekdays; the weekday median), with \
        the best fixed alarm per weekday as the limit, and the lead time that would have served \
        best. Reads the store only.
        """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many weeks, ending yesterday, to replay.")
    var weeks = 12

    @Flag(help: "Print the report as JSON.")
    var json = false

    func validate() throws {
      guard (1...520).contains(weeks) else {
        throw ValidationError("--weeks must be 1 to 520, got \(weeks).")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let view = BacktestView(
          report: try BacktestService(workspace: workspace).run(weeks: weeks), clock: workspace.clock)
        return json ? JSONOutput.encode(view, timeZone: workspace.settings.timeZone) : view.text()
      }
    }
  }
}
