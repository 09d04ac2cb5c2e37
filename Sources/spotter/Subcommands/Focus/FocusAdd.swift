import ArgumentParser
import SpotterApp

extension SpotterCommand.Focus {
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a focus block; the first line says 'added ID …'.",
      discussion: """
        START is ISO 8601 (2026-11-23T09:00, with or without offset) or a friendly form in the \
        configured zone: 'tomorrow 09:00', 'fri 14:00', '09:00-10:30', 'tomorrow 09:00-10:30'.
        """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "When the block starts: 'tomorrow 14:00' with or without quotes.")
    var start: [String]

    @OptionGroup var timing: FocusTimingOptions

    @Option(help: "Title (default: 'Focus Block HH:MM').")
    var title: String?

    @Option(help: "Repeat: daily, weekdays, weekends, or days such as mon,wed.")
    var every: String?

    @Option(help: "Last date of a repeating block: YYYY-MM-DD, today or tomorrow (default: no end).")
    var until: String?

    @Flag(help: "Keep the block even if it overlaps another block.")
    var force = false

    @OptionGroup var output: FocusOutputOptions

    func validate() throws {
      if until != nil && every == nil {
        throw UsageWords.refusal(
          "--until only goes with --every.",
          "--until geht nur mit --every.")
      }
      if let title, title.trimmingCharacters(in: .whitespaces).isEmpty || title.hasLineBreak {
        throw UsageWords.refusal(
          "--title must be one non-empty line.",
          "--title muss eine nicht leere Zeile sein.")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let change = try output.service(in: workspace).add(
          timing.timing(start: start.joined(separator: " ")), title: title, every: every, until: until,
          force: force)
        return try output.report(change, in: workspace)
      }
    }
  }
}
