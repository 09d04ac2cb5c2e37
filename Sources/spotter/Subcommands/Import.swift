import ArgumentParser
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract:
        "Import workout history into the store: \(ExportAppNames.english); files, folders or globs."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(
      help: "History files, folders or globs; the format is detected from each file's content.",
      completion: .file())
    var files: [String]

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Flag(
      help: ArgumentHelp(
        "Refuse a file with any set whose weight or reps no person can have done or read.",
        discussion:
          "Without it such a set (877777 reps, a weight typed as 6O, a row cut in two) is left out with a note "
          + "naming its line, and its session is kept.")
    )
    var strict = false

    func validate() throws {
      guard !files.isEmpty else {
        throw UsageWords.refusal(
          "Name at least one history file.",
          "Nenne mindestens eine Exportdatei.")
      }
    }

    func run() throws {
      try options.perform { workspace in
        let imports = try NightlyRunner(workspace: workspace).importHistories(files, strict: strict)
        if json {
          return try JSONOutput.encode(imports, as: "imports", timeZone: workspace.settings.timeZone)
        }
        return imports.map { $0.line(workspace.words, countingSessions: true) }.joined(separator: "\n")
      }
    }
  }
}
