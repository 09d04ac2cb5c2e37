import ArgumentParser
import Foundation
import SpotterCore

@main
struct SpotterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spotter",
    abstract: "Learns when you train and writes tomorrow's workout reminders as .ics and crontab.",
    discussion: SpotterExitCode.summary,
    version: "0.1.0",
    subcommands: [
      Init.self, Run.self, Plan.self, Import.self, Pattern.self, Focus.self, Fire.self, CatchUp.self,
      Snooze.self,
      Skip.self, Done.self, History.self, Agenda.self, Session.self, Achievements.self, Backtest.self,
      Sync.self,
    ],
    defaultSubcommand: Plan.self
  )

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let message = CommandSuggestion.message(for: arguments, root: Self.self) {
      FileHandle.standardError.write(Data("spotter: error: \(message)\n".utf8))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    main(arguments)
  }
}
