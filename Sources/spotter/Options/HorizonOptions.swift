import ArgumentParser
import SpotterApp
import SpotterCore

/// Which days a command plans.
struct HorizonOptions: ParsableArguments {
  @Option(help: "How many days to plan.")
  var days = 1

  @Option(
    help: ArgumentHelp(
      "First day to plan: today, tomorrow, fri, next mon, +2d or YYYY-MM-DD.",
      discussion: "Without it: tomorrow, and today too while one of today's reminders is still ahead."))
  var from: String?

  func validate() throws {
    guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366.") }
  }

  func request(in workspace: Workspace) throws -> HorizonRequest {
    guard let from else { return .coming(count: days) }
    return .from(try workspace.date(from, option: "--from"), count: days)
  }
}
