import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct End: SessionChange {
    static let change = SessionService.Change.end
    static let configuration = CommandConfiguration(
      commandName: "end",
      abstract: "End a session now: pending pause reminders are cancelled and its achievements announced.")

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
