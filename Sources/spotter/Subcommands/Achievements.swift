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

    @Flag(help: "Print the achievements as JSON.")
    var json = false

    func validate() throws {
      for name in kind where AchievementKind(rawValue: name) == nil {
        throw ValidationError("unknown kind '\(name)'")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let items = try AchievementService(workspace: workspace).list(
          kinds: Set(kind.compactMap(AchievementKind.init(rawValue:))))
        if json { return JSONOutput.encode(items, as: "achievements", timeZone: workspace.settings.timeZone) }
        return items.isEmpty ? "no achievements yet" : items.map(\.line).joined(separator: "\n")
      }
    }
  }
}
