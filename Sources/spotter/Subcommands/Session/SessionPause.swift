import ArgumentParser
import SpotterApp

extension SpotterCommand.Session {
  struct Pause: SessionChange {
    static let change = SessionService.Change.pause
    static let configuration = CommandConfiguration(
      commandName: "pause",
      abstract: "Mark a session paused now: its pause reminders follow from this moment.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var session: SessionArgument

    @OptionGroup var output: OutputOptions
  }
}
