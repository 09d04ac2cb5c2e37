import Foundation
import Testing

/// A misspelt command gets "did you mean", as git and cargo answer, instead of `plan`'s usage.
@Suite struct CommandSuggestionEndToEndTests {
  @Test(arguments: [
    (["rn"], "unknown command 'spotter rn'; did you mean 'spotter run'?"),
    (["plann", "--days", "2"], "unknown command 'spotter plann'; did you mean 'spotter plan'?"),
    (["focus", "mvoe", "abc"], "unknown command 'spotter focus mvoe'; did you mean 'spotter focus move'?"),
    (
      ["agenda", "instal"], "unknown command 'spotter agenda instal'; did you mean 'spotter agenda install'?"
    ),
  ])
  func aCloseMisspellingIsNamed(arguments: [String], message: String) async throws {
    let result = try await SpotterBinary.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == "spotter: error: \(message)\n")
  }

  @Test func aWordNearNothingListsTheCommands() async throws {
    let result = try await SpotterBinary.run(["xyzzy"])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("unknown command 'spotter xyzzy'; the commands are: init, run, plan, import"))
  }

  /// `-1h` was read as the flags `-1` and `-h`: `snooze` printed its help and exited 0, nothing
  /// snoozed. A value given negative is refused as one; after `--` it is an argument as given.
  @Test func aNegativeValueIsRefusedNotTakenForHelp() async throws {
    let snooze = try await SpotterBinary.run(["snooze", "workout-reminder-2026-12-01@spotter", "-1h"])
    #expect(snooze.status == 64)
    #expect(
      snooze.stderr
        == "spotter: error: '-1h' is negative; durations, days and counts are given as positive values (1h, 30m, +2d, 7)\n"
    )
    #expect(!snooze.stdout.contains("OVERVIEW"))
    // An option's value may be negative: `--since -1h` is the option's to read.
    let since = try await SpotterBinary.run(["achievements", "--since", "-1h"])
    #expect(!since.stderr.contains("is negative"), "\(since.stderr)")
    let after = try await SpotterBinary.run(["snooze", "--", "workout-reminder-2026-12-01@spotter", "-1h"])
    #expect(after.status == 64 && after.stderr.contains("DURATION must look like"), "\(after.stderr)")
  }

  @Test func rightCommandsAndTheirArgumentsAreLeftToTheParser() async throws {
    #expect(try await SpotterBinary.run(["help", "run"]).stdout.contains("USAGE: spotter run"))
    #expect(try await SpotterBinary.run(["run", "--help"]).stdout.contains("USAGE: spotter run"))
    // A command's own argument is not taken for a command.
    let focus = try await SpotterBinary.run(["focus", "add", "tomorrow"])
    #expect(focus.stderr.contains("'tomorrow 09:00'"))
    #expect(!focus.stderr.contains("did you mean"))
  }
}
