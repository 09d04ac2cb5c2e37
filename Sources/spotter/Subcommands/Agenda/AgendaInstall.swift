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
        for warning in workspace.notifierWarnings + [workspace.lineBreakWarning].compactMap({ $0 }) {
          workspace.notices.add(workspace.words.warning(warning))
        }
        let out = out ?? workspace.paths.output
        if install.systemd {
          let change = try installer.installSystemd(
            histories: histories, outputDirectory: out, unitDirectory: install.unitDir, dryRun: install.dryRun
          )
          let words = workspace.words
          return install.report(
            change,
            done: words.pick(
              "wrote the systemd user units; enable them with:",
              "systemd-Benutzereinheiten geschrieben; einschalten mit:")
              + "\n  systemctl --user daemon-reload && systemctl --user enable --now spotter-nightly.timer spotter-catch-up.timer",
            unchanged: words.pick(
              "systemd user units already up to date", "systemd-Benutzereinheiten sind schon aktuell"))
        }
        if let warning = workspace.cronDaemonWarning {
          workspace.notices.add(workspace.words.warning(warning))
        }
        let change = try installer.install(histories: histories, outputDirectory: out, dryRun: install.dryRun)
        let words = workspace.words
        return install.report(
          change,
          done: words.pick(
            "installed the spotter block into your crontab", "spotter-Block in deine crontab eingetragen"),
          unchanged: words.pick("crontab already up to date", "crontab ist schon aktuell"))
      }
    }
  }
}
