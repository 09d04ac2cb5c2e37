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
        let view = try PreviewService(workspace: workspace).plan(try horizonOptions.request(in: workspace))
        return json
          ? try JSONOutput.encode(view, timeZone: workspace.settings.timeZone)
          : view.text(workspace.words)
      }
    }
  }
}
