import ArgumentParser
import SpotterApp

extension SpotterCommand.Agenda {
  struct Uninstall: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "uninstall",
      abstract: "Remove the spotter block from your crontab (or the systemd units), nothing else.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var install: InstallOptions

    func run() throws {
      try options.perform { workspace in
        let installer = AgendaInstaller(workspace: workspace)
        if install.systemd {
          let change = try installer.uninstallSystemd(unitDirectory: install.unitDir, dryRun: install.dryRun)
          return install.report(
            change,
            done: workspace.words.pick(
              "removed the systemd user units (run: systemctl --user daemon-reload)",
              "systemd-Benutzereinheiten entfernt (danach: systemctl --user daemon-reload)"),
            unchanged: workspace.words.pick(
              "no spotter systemd units found", "keine systemd-Einheiten von spotter gefunden"))
        }
        let change = try installer.uninstall(dryRun: install.dryRun)
        return install.report(
          change,
          done: workspace.words.pick(
            "removed the spotter block from your crontab", "spotter-Block aus deiner crontab entfernt"),
          unchanged: workspace.words.pick(
            "no spotter block in your crontab", "kein spotter-Block in deiner crontab"))
      }
    }
  }
}
