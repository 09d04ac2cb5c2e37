import Foundation
import Testing
import _SpotterTestSupport

/// Issue 14 §6: the completion scripts complete reminder UIDs and block ids from the store the
/// command line names, and `scripts/install` puts the binary and completions under a prefix.
@Suite struct CompletionEndToEndTests {
  /// What bash's completion offers for `words`, the last one being the word being typed.
  func complete(_ words: [String], now: String) async throws -> [String] {
    let script = try await SpotterBinary.run(["--generate-completion-script", "bash"]).stdout
    let dir = try SpotterBinary.scratch()
    let file = dir.appendingPathComponent("spotter.bash")
    try script.write(to: file, atomically: false, encoding: .utf8)
    let quoted = ([SpotterBinary.executable.path] + words).map { "'\($0)'" }.joined(separator: " ")
    let output = try await SpotterBinary.run(
      program: URL(fileURLWithPath: "/bin/bash"),
      [
        "-c",
        """
        source '\(file.path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _spotter; printf '%s\\n' "${COMPREPLY[@]}"
        """,
      ], environment: SpotterBinary.environment(["SPOTTER_NOW": now])
    ).stdout
    return output.split(separator: "\n").map(String.init)
  }

  @Test func uidsAndBlockIdsComeFromTheNamedStore() async throws {
    let box = try Sandbox()
    let now = "2026-11-22T21:30:00+01:00"
    #expect(try await box.spotter(["run", "--days", "3"], now: now, writes: true).status == 0)
    let added = try await box.spotter(
      ["focus", "add", "2026-11-24 09:00", "--for", "1h"], now: now, writes: true)
    let block = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let uids = try await complete(["snooze", "--db", box.db, "work"], now: now)
    #expect(uids == ["workout-reminder-2026-11-23@spotter"], "\(uids)")
    await #expect(try complete(["focus", "rm", "--db", box.db, ""], now: now) == [block])
    // No store there: nothing, and no error text in the completions.
    await #expect(
      try complete(["done", "--db", box.dir.appendingPathComponent("none.sqlite").path, ""], now: now).isEmpty
    )
  }

  @Test func installPutsTheBinaryAndCompletionsUnderThePrefix() async throws {
    let prefix = try SpotterBinary.scratch()
    let install = try await SpotterBinary.run(
      program: SpotterBinary.packageRoot.appendingPathComponent("scripts/install"),
      ["--prefix", prefix.path, "--no-man"],
      environment: SpotterBinary.environment(["SPOTTER_BIN": SpotterBinary.executable.path]))
    #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
    for file in [
      "bin/spotter", "share/bash-completion/completions/spotter", "share/zsh/site-functions/_spotter",
      "share/fish/vendor_completions.d/spotter.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
    }
    #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/spotter").path))
  }
}
