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
        let horizon = try horizonOptions.horizon(in: workspace)
        let store = try workspace.openStore(readOnly: true)
        let outcome = try NightlyRunner(workspace: workspace).plan(store: store, horizon: horizon)
        let view = PlanView(outcome: outcome, now: workspace.now, clock: workspace.clock)
        return json ? JSONOutput.encode(view, timeZone: workspace.settings.timeZone) : view.text
      }
    }
  }
}
