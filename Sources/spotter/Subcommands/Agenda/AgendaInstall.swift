import ArgumentParser
import SpotterApp

extension SpotterCommand.Agenda {
  struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "install",
      abstract: "Install the nightly run, a catch-up line and the agenda into your crontab.",
      discussion: """
        Everything goes inside a '# BEGIN spotter' ... '# END spotter' block; every other line of \
        your crontab stays byte for byte. Running it again changes nothing unless the agenda did, \
        and every later spotter command that rewrites the outputs refreshes the block. The nightly \
        run starts at [agenda] nightly (default 21:30), never between 01:00 and 03:00.
        """)

    @OptionGroup var options: GlobalOptions

    @Option(
      name: .customLong("history"), parsing: .upToNextOption, help: "History files the nightly run imports.")
    var histories: [String] = []

    @Option(help: "Output directory of the nightly run (default: $XDG_DATA_HOME/spotter).")
    var out: String?

    @OptionGroup var install: InstallOptions

    func run() throws {
      try options.perform { workspace in
        let installer = AgendaInstaller(workspace: workspace)
        for warning in workspace.notifierWarnings { workspace.notices.add("warning: \(warning)") }
        let out = out ?? workspace.paths.output
        if install.systemd {
          let change = try installer.installSystemd(
            histories: histories, outputDirectory: out, unitDirectory: install.unitDir, dryRun: install.dryRun
          )
          return install.report(
            change,
            done: "wrote the systemd user units; enable them with:\n"
              + "  systemctl --user daemon-reload && systemctl --user enable --now spotter-nightly.timer spotter-catch-up.timer",
            unchanged: "systemd user units already up to date")
        }
        let change = try installer.install(histories: histories, outputDirectory: out, dryRun: install.dryRun)
        return install.report(
          change, done: "installed the spotter block into your crontab",
          unchanged: "crontab already up to date")
      }
    }
  }
}
