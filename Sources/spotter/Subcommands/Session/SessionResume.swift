import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct Resume: SessionChange {
    static let change = SessionService.Change.resume
    static let configuration = CommandConfiguration(
      commandName: "resume",
      abstract: "Resume a paused or abandoned session: its pause reminders wait for the next pause.")

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
