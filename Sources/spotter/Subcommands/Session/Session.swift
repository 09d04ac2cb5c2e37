import ArgumentParser

extension SpotterCommand {
  struct Session: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "session",
      abstract: "List sessions and pause, resume or end one; each change rewrites both outputs.",
      subcommands: [List.self, Pause.self, Resume.self, End.self])
  }
}
