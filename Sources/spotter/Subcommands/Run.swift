import ArgumentParser
import SpotterApp
import SpotterCore

extension SpotterCommand {
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "run",
      abstract: "The nightly job: import, learn, plan, and write spotter.ics and agenda.crontab.")

    @OptionGroup var options: GlobalOptions

    @Option(
      name: .customLong("history"), parsing: .upToNextOption,
      help: "History files, folders or globs to import first (default: the config's [import] sources).",
      completion: .file())
    var histories: [String] = []

    @OptionGroup var horizonOptions: HorizonOptions

    @Option(help: "Output directory (default: $XDG_DATA_HOME/spotter).")
    var out: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Flag(help: "Do not deliver reminders whose fire time passed unseen.")
    var noCatchUp = false

    @Flag(
      help: ArgumentHelp(
        "Run only if tonight's run is due and has not started (what cron's lines pass).",
        discussion:
          "The crontab block's lines may fire more than once a night around DST changes; each night runs once."
      ))
    var nightly = false

    func run() throws {
      try options.perform(opensStoreFirst: true) { workspace in
        if nightly, case .done(let night) = try NightlyGate(workspace: workspace).claim() {
          return NightlyGate(workspace: workspace).doneText(night)
        }
        let night = try NightlyJob(workspace: workspace).run(
          histories: histories, horizon: try horizonOptions.request(in: workspace),
          outputDirectory: out ?? workspace.paths.output, catchUp: !noCatchUp, json: json)
        // Cron mails a run that exits non-zero: a source that failed is never silent.
        try options.fail(night.failures, after: night.text, code: night.exitCode, words: workspace.words)
        return ""
      }
    }
  }
}
