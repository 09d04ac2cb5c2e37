import ArgumentParser

extension SpotterCommand {
  struct Agenda: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "agenda",
      abstract: "Put the agenda into your crontab (or systemd user timers), or take it out.",
      subcommands: [Install.self, Uninstall.self])
  }
}
