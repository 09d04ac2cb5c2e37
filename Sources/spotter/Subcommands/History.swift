import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: "List recent deliveries, skips and failures with their reasons (newest first).")

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many days back.")
    var days = 7

    @Flag(help: "Print the history as JSON.")
    var json = false

    func validate() throws {
      guard (1...3660).contains(days) else {
        throw UsageWords.refusal(
          "--days must be 1 to 3660, not \(days).",
          "--days muss zwischen 1 und 3660 liegen, nicht \(days).")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let items = try FireService(workspace: workspace).history(days: days)
        if json {
          return try JSONOutput.encode(items, as: "deliveries", timeZone: workspace.settings.timeZone)
        }
        return items.isEmpty
          ? workspace.words.pick(
            "no deliveries in the last \(days) days", "keine Zustellungen in den letzten \(days) Tagen")
          : items.map { $0.line(workspace.words) }.joined(separator: "\n")
      }
    }
  }
}
