import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct Resume: SessionChange {
    static let change = SessionService.Change.resume
    static let configuration = CommandConfiguration(
      commandName: "resume",
      abstract: "Resume a paused or abandoned session: its pause reminders wait for the next pause.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var session: SessionArgument

    @OptionGroup var output: OutputOptions
  }
}
