import ArgumentParser
import SpotterApp
import SpotterCore

/// Which days a command plans.
struct HorizonOptions: ParsableArguments {
  @Option(help: "How many days to plan.")
  var days = 1

  @Option(help: "First day to plan: today, tomorrow, fri, next mon, +2d or YYYY-MM-DD.")
  var from = "tomorrow"

  func validate() throws {
    guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366.") }
  }

  func horizon(in workspace: Workspace) throws -> Horizon {
    Horizon(start: try workspace.date(from, option: "--from"), days: days)
  }
}
