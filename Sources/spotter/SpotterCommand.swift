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

  /// The command `arguments` ask for, parsed.
  ///
  /// A command without subcommands named first is parsed by itself first. Through the root,
  /// swift-argument-parser builds that command's argument set three times, and the default
  /// command's once, only to learn that none of them takes the rest of the line: two thirds of
  /// the parse, which is a sixth of a nightly run. Whatever that parse refuses (a help or
  /// version request, a mistake) is parsed again through the root, so every message, usage and
  /// help text is the root's, and so is every command it accepts.
  static func parsed(_ arguments: [String]) throws -> ParsableCommand {
    if let name = arguments.first,
      let leaf = configuration.subcommands.first(where: {
        $0.configuration.commandName == name && $0.configuration.subcommands.isEmpty
      }),
      let command = try? leaf.parseAsRoot(Array(arguments.dropFirst())),
      // A help request parses as swift-argument-parser's own help command, which would name the
      // command without `spotter`.
      type(of: command) == leaf
    {
      return command
    }
    return try parseAsRoot(arguments)
  }

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let message = CommandSuggestion.message(for: arguments, root: Self.self)
      ?? NegativeValue.message(for: arguments)
    {
      FileHandle.standardError.write(Data("spotter: error: \(message)\n".utf8))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    do {
      var command = try parsed(arguments)
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
