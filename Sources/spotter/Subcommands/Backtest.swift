import ArgumentParser
import Foundation
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Backtest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "backtest",
      abstract: "Replay your own history night by night and score the reminders Spotter would have sent.",
      discussion: """
        Each night at 21:00 of the last --weeks weeks plans the next day from the sessions logged \
        before it; the reminder is compared with what you did. Spotter is scored beside three \
        simple rules (same weekday last week; 2 of the last 4 weekdays; the weekday median), with \
        the best fixed alarm per weekday as the limit, and the lead time that would have served \
        best. Reads the store only.
        """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many weeks, ending yesterday, to replay.")
    var weeks = 12

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Option(
      name: .customLong("learning"),
      help: ArgumentHelp(
        "Replay with a learning constant replaced (repeatable); no lead time is then suggested.",
        discussion:
          "bench/backtest's cross-validation tries its candidates this way; the names are LearningParameters'.",
        valueName: "name=value"))
    var learning: [String] = []

    func validate() throws {
      guard (1...520).contains(weeks) else {
        throw UsageWords.refusal(
          "--weeks must be 1 to 520, got \(weeks).",
          "--weeks muss zwischen 1 und 520 liegen, nicht \(weeks).")
      }
      _ = try parameters()
    }

    /// The learner's constants with `--learning`'s replacements.
    func parameters() throws -> LearningParameters {
      var parameters = LearningParameters.standard
      for item in learning {
        let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let value = Double(parts[1]), parameters.set(parts[0], to: value) else {
          let names = LearningParameters.tunableNames.joined(separator: ", ")
          throw UsageWords.refusal(
            "--learning: '\(item)' is not NAME=VALUE with a known name and a value in its range (names: \(names)).",
            "--learning: '\(item)' ist nicht NAME=WERT mit einem bekannten Namen und einem Wert in seinem Bereich "
              + "(Namen: \(names)).")
        }
      }
      return parameters
    }

    func run() throws {
      let parameters = try parameters()
      try options.perform { workspace in
        let view = BacktestView(
          report: try BacktestService(workspace: workspace).run(
            weeks: weeks, parameters: parameters, suggestLead: learning.isEmpty),
          clock: workspace.clock)
        return json
          ? try JSONOutput.encode(view, timeZone: workspace.settings.timeZone)
          : view.text(workspace.words)
      }
    }
  }
}
