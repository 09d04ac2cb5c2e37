import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct Pause: SessionChange {
    static let change = SessionService.Change.pause
    static let configuration = CommandConfiguration(
      commandName: "pause",
      abstract: "Mark a session paused now: its pause reminders follow from this moment.")

    @OptionGroup var options: GlobalOptions

    @Argument(
      help: "The session's id, or its first characters.",
      completion: .custom { words, _, prefix in
        CompletionCandidates.openSessionIDs(words: words, prefix: prefix)
      })
    var id: String

    @OptionGroup var output: OutputOptions
  }
}
