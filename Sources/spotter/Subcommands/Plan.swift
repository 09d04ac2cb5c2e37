import ArgumentParser
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "plan",
      abstract: "Show the reminders the next run would write, without writing anything.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var horizonOptions: HorizonOptions

    @Flag(help: "Print the plan as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        let store = try workspace.openStore(readOnly: true)
        let runner = NightlyRunner(workspace: workspace)
        let horizon = try runner.resolve(try horizonOptions.request(in: workspace), store: store)
        let outcome = try runner.plan(store: store, horizon: horizon)
        try runner.noticeHistoryAge(store: store)
        let view = PlanView(outcome: outcome, now: workspace.now, clock: workspace.clock)
        return json ? try JSONOutput.encode(view, timeZone: workspace.settings.timeZone) : view.text
      }
    }
  }
}
