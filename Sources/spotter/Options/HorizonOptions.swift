import ArgumentParser
import SpotterApp
import SpotterCore

/// Which days a command plans.
struct HorizonOptions: ParsableArguments {
  @Option(help: "How many days to plan (default: the config's [reminders] horizon_days, else 1).")
  var days: Int?

  @Option(
    help: ArgumentHelp(
      "First day to plan: today, tomorrow, fri, next mon, +2d or YYYY-MM-DD.",
      discussion: "Without it: tomorrow, and today too while one of today's reminders is still ahead."))
  var from: String?

  func validate() throws {
    if let days, !(1...366).contains(days) {
      throw UsageWords.refusal(
        "--days must be from 1 to 366.",
        "--days muss zwischen 1 und 366 liegen.")
    }
  }

  func request(in workspace: Workspace) throws -> HorizonRequest {
    let count = days ?? workspace.settings.reminders.horizonDays
    guard let from else { return .coming(count: count) }
    return .from(try workspace.plannedDay(from, option: "--from"), count: count)
  }
}
