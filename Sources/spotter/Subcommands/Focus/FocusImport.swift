import ArgumentParser
import SpotterApp

extension SpotterCommand.Focus {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Take focus blocks from a calendar export (.ics from Google, Apple, Thunderbird, Outlook).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The .ics file.", completion: .file(extensions: ["ics"]))
    var file: String

    @Option(help: "Only events with this CATEGORY, or whose summary or description contains this text.")
    var match: String?

    @Option(help: "How many days ahead, from today, to take occurrences.")
    var days = 28

    @Flag(help: "Take events that overlap a focus block too, as focus add --force does.")
    var force = false

    @OptionGroup var output: FocusOutputOptions

    func validate() throws {
      guard (1...366).contains(days) else {
        throw UsageWords.refusal(
          "--days must be from 1 to 366.",
          "--days muss zwischen 1 und 366 liegen.")
      }
    }

    func run() throws {
      try options.perform { workspace in
        try output.report(
          try output.service(in: workspace)
            .importCalendar(path: file, match: match, days: days, force: force), in: workspace)
      }
    }
  }
}
