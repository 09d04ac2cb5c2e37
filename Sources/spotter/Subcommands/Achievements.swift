import ArgumentParser
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Achievements: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "achievements",
      abstract: "List the records and milestones earned, and when each was announced.")

    @OptionGroup var options: GlobalOptions

    @Option(
      help: ArgumentHelp(
        "Only this kind (repeatable): \(AchievementKind.allCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "kind"))
    var kind: [String] = []

    // Unconditional, so that `--since -30d` is a value and not a cluster of short flags.
    @Option(
      parsing: .unconditional,
      help: "Only those earned on or after this day: YYYY-MM-DD, -30d, yesterday or today.")
    var since: String?

    @Option(help: "Only the newest this many.")
    var limit: Int?

    @Flag(help: "Print the achievements as JSON.")
    var json = false

    func validate() throws {
      for name in kind where AchievementKind(rawValue: name) == nil {
        let kinds = AchievementKind.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageWords.refusal(
          "unknown kind '\(name)'; the kinds are \(kinds).",
          "unbekannte Art '\(name)'; die Arten sind \(kinds).")
      }
      if let limit, limit < 1 {
        throw UsageWords.refusal(
          "--limit must be at least 1, not \(limit).",
          "--limit muss mindestens 1 sein, nicht \(limit).")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let items = try AchievementService(workspace: workspace).list(
          kinds: Set(kind.compactMap(AchievementKind.init(rawValue:))),
          since: try since.map { try workspace.date($0, option: "--since") }, limit: limit)
        if json {
          return try JSONOutput.encode(items, as: "achievements", timeZone: workspace.settings.timeZone)
        }
        let words = workspace.words
        return items.isEmpty
          ? words.pick("no achievements yet", "noch keine Erfolge")
          : items.map { $0.line(words) }.joined(separator: "\n")
      }
    }
  }
}
