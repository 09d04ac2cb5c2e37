import ArgumentParser

extension SpotterCommand {
  struct Focus: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "focus",
      abstract: "Plan focus blocks; each change rewrites spotter.ics and agenda.crontab at once.",
      subcommands: [Add.self, List.self, Move.self, Remove.self, Import.self])
  }
}
