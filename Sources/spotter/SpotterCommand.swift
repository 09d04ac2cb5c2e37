import ArgumentParser
import Foundation
import SpotterApp
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
      Sync.self, Batch.self,
    ],
    defaultSubcommand: Plan.self
  )

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let message = CommandSuggestion.message(for: arguments, root: Self.self)
      ?? NegativeValue.message(for: arguments)
    {
      FileHandle.standardError.write(Data("spotter: error: \(message)\n".utf8))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      StandardOutput.exitIfLost()
    } catch {
      // A refusal before any work (a bad option) is a JSON object too when --json was asked for;
      // help and version requests are no failures.
      let code = exitCode(for: error)
      if GlobalOptions.wantsJSON, code != .success, !(error is ExitCode) {
        print(JSONOutput.error(code: code.rawValue, message: message(for: error)))
      }
      // A refused command line opens as every other refusal does, "spotter: error:" (or
      // "Fehler:" for LANG's German), where swift-argument-parser says "Error:".
      let full = fullMessage(for: error)
      if code != .success, !(error is ExitCode), full.hasPrefix("Error: ") {
        FileHandle.standardError.write(
          Data("spotter: \(UsageWords.words.error(String(full.dropFirst("Error: ".count))))\n".utf8))
        Foundation.exit(code.rawValue)
      }
      exit(withError: error)
    }
  }
}
