import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct End: SessionChange {
    static let change = SessionService.Change.end
    static let configuration = CommandConfiguration(
      commandName: "end",
      abstract: "End a session now: pending pause reminders are cancelled and its achievements announced.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var session: SessionArgument

    @OptionGroup var output: OutputOptions
  }
}
