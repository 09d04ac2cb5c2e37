import ArgumentParser
import SpotterApp

extension SpotterCommand {
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Read new, changed and deleted workouts from Hevy's API into the store.",
      discussion: """
        Needs a [hevy] table in the config with api_key or api_key_file, or HEVY_API_KEY (a Hevy \
        Pro key from hevy.com/settings?developer). The first sync reads every workout; later ones \
        only what changed since. Nothing is kept unless all of it was read. The nightly run syncs \
        first by itself, and fire and catch-up sync briefly before deciding "trained today". Exit \
        77 when the key is refused, 75 when rate limited, 69 when Hevy cannot be reached.
        """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
      try options.perform { workspace in
        guard let report = try SyncService(workspace: workspace).sync(.thorough) else { return "" }
        return json
          ? try JSONOutput.encode(report, timeZone: workspace.settings.timeZone)
          : workspace.words.pick("synced ", "synchronisiert ") + report.line(workspace.words)
      }
    }
  }
}
