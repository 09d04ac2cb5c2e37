import ArgumentParser
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the reminders the next run would write, without writing anything.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many days to plan.")
    var days = 1

    @Option(help: "First day to plan: today, tomorrow or YYYY-MM-DD.")
    var from = "tomorrow"

    @Flag(help: "Print the plan as JSON.")
    var json = false

    func validate() throws {
      guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366.") }
    }

    func run() throws {
      try options.perform { workspace in
        let horizon = Horizon(start: try workspace.date(from, option: "--from"), days: days)
        let store = try workspace.openStore(readOnly: true)
        let outcome = try NightlyRunner(workspace: workspace).plan(store: store, horizon: horizon)
        let view = PlanView(outcome: outcome, now: workspace.now, clock: workspace.clock)
        return json ? JSONOutput.encode(view) : view.text
      }
    }
  }
}
