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

  @Test func rightCommandsAndTheirArgumentsAreLeftToTheParser() async throws {
    #expect(try await SpotterBinary.run(["help", "run"]).stdout.contains("USAGE: spotter run"))
    #expect(try await SpotterBinary.run(["run", "--help"]).stdout.contains("USAGE: spotter run"))
    // A command's own argument is not taken for a command.
    let focus = try await SpotterBinary.run(["focus", "add", "tomorrow"])
    #expect(focus.stderr.contains("'tomorrow 09:00'"))
    #expect(!focus.stderr.contains("did you mean"))
  }
}
