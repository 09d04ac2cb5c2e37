import ArgumentParser
import Foundation

@main
struct SpotterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spotter",
    abstract: "Learns when you train and writes tomorrow's workout reminders as .ics and crontab.",
    discussion: """
      Exit codes: 0 success, 64 usage, 65 bad data (history files, overlapping blocks, a malformed \
      answer from Hevy), 69 a notifier failed or Hevy could not be reached, 70 an internal error, \
      74 I/O, store or crontab, 75 another spotter process holds the store or Hevy's rate limit, \
      77 Hevy refused the API key, 78 bad config.
      """,
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
