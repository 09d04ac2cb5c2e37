import Foundation
import Testing
import _SpotterTestSupport

/// `spotter agenda install|uninstall` against the real crontab(1) of the user running the tests.
///
/// The user's own crontab is saved first and put back afterwards, byte for byte; the suite runs
/// serialized because there is one crontab per user.
@Suite(.serialized) struct CrontabEndToEndTests {
  let evening = "2026-11-22T21:30:00+01:00"
  let uid = "workout-reminder-2026-11-23@spotter"
  /// Unrelated lines that must survive: comments, variables, blank lines, odd spacing, an escaped %.
  let mine = """
    # my own jobs
    MAILTO=""
    SHELL=/bin/sh

    0 7 * * 1-5  /usr/local/bin/backup   --quiet # keep me
    */5 * * * * echo 100\\% >/dev/null

    """

  static func crontab(_ arguments: [String], input: String? = nil) throws -> (status: Int32, out: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["crontab"] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  static func install(_ text: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("crontab-\(UUID().uuidString)")
    try text.write(to: file, atomically: true, encoding: .utf8)
    #expect(try crontab([file.path]).status == 0)
  }

  /// Runs `body` with the user's crontab set to `initial`, and restores the real one after.
  func withCrontab(_ initial: String, _ body: () throws -> Void) throws {
    let saved = try Self.crontab(["-l"])
    defer {
      if saved.status == 0 { try? Self.install(saved.out) } else { _ = try? Self.crontab(["-r"]) }
    }
    try Self.install(initial)
    try body()
  }

  @Test func installKeepsEveryOtherLineAndUninstallRemovesOnlyTheBlock() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.spotter(["run"], now: evening, writes: true).status == 0)
    let history = SpotterBinary.example("strong.csv")
    try withCrontab(mine) {
      let preview = try sandbox.spotter(
        ["agenda", "install", "--dry-run", "--history", history], now: evening, writes: true)
      #expect(preview.status == 0, "\(preview.stderr)")
      #expect(preview.stdout.hasPrefix("--- crontab (now)\n+++ crontab (installed)\n@@ -4,3 +4,10 @@\n"))
      #expect(preview.stdout.contains("\n+# BEGIN spotter\n"))
      #expect(try Self.crontab(["-l"]).out == mine)

      let installed = try sandbox.spotter(
        ["agenda", "install", "--history", history], now: evening, writes: true)
      #expect(installed.status == 0, "\(installed.stderr)")
      let text = try Self.crontab(["-l"]).out
      #expect(text.hasPrefix(mine))
      let block = text.dropFirst(mine.count).split(separator: "\n").map(String.init)
      #expect(block.first == "# BEGIN spotter")
      #expect(block.last == "# END spotter")
      let nightly = try #require(block.first { $0.hasPrefix("30 21 * * * ") })
      #expect(
        nightly.contains(
          " run --db \(sandbox.db) --config \(sandbox.config) --out \(sandbox.out) --history \(history) >> "))
      #expect(block.contains { $0.hasPrefix("*/10 * * * * ") && $0.contains(" catch-up --db ") })
      #expect(block.contains { $0.hasPrefix("30 8 23 11 * ") && $0.hasSuffix("# spotter:\(uid)") })

      let again = try sandbox.spotter(
        ["agenda", "install", "--history", history], now: evening, writes: true)
      #expect(again.stdout == "crontab already up to date\n")
      #expect(try Self.crontab(["-l"]).out == text)

      // Any change of the outputs refreshes the installed block.
      #expect(try sandbox.spotter(["snooze", uid, "2h"], now: evening, writes: true).status == 0)
      let refreshed = try Self.crontab(["-l"]).out
      #expect(refreshed.hasPrefix(mine))
      #expect(refreshed.contains("30 10 23 11 * "))
      #expect(!refreshed.contains("30 8 23 11 * "))

      let removed = try sandbox.spotter(["agenda", "uninstall"], now: evening)
      #expect(removed.status == 0, "\(removed.stderr)")
      #expect(try Self.crontab(["-l"]).out == mine)
      #expect(
        try sandbox.spotter(["agenda", "uninstall"], now: evening).stdout
          == "no spotter block in your crontab\n")
      // Uninstalled, a change no longer touches the crontab.
      #expect(try sandbox.spotter(["snooze", uid], now: evening, writes: true).status == 0)
      #expect(try Self.crontab(["-l"]).out == mine)
    }
  }

  @Test func aHostileWorkoutNameGoesThroughAgendaInstallAndFireHarmlessly() throws {
    let name = "Push %Day 'A'; $(rm -rf ~)"
    let sandbox = try Sandbox(program: "mon = \"Push %Day 'A'; $(rm -rf ~)\"")
    let home = sandbox.dir.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let canary = home.appendingPathComponent("canary").path
    FileManager.default.createFile(atPath: canary, contents: Data("alive".utf8))
    #expect(try sandbox.spotter(["run"], now: evening, writes: true).status == 0)
    try withCrontab(mine) {
      #expect(try sandbox.spotter(["agenda", "install"], now: evening, writes: true).status == 0)
      let text = try Self.crontab(["-l"]).out
      #expect(text.hasPrefix(mine))
      let line = try #require(text.split(separator: "\n").first { $0.hasSuffix("# spotter:\(uid)") })
      #expect(!line.contains("rm -rf"))
      // What cron does with the line: the command after five fields, `\%` back to `%`, run by sh
      // with HOME pointing at the canary's directory.
      let command = line.split(separator: " ", maxSplits: 5)[5].replacingOccurrences(of: "\\%", with: "%")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", String(command)]
      var environment = ProcessInfo.processInfo.environment
      environment["HOME"] = home.path
      environment["SPOTTER_NOW"] = "2026-11-23T08:30:00+01:00"
      process.environment = environment
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(sandbox.delivered == ["Workout Time!|Today: \(name)|\(uid)"])
      #expect(FileManager.default.fileExists(atPath: canary))
      #expect(try sandbox.spotter(["agenda", "uninstall"], now: evening).status == 0)
      #expect(try Self.crontab(["-l"]).out == mine)
    }
  }

  @Test func aDamagedBlockIsReportedAndLeftAlone() throws {
    let sandbox = try Sandbox()
    let damaged = mine + "# BEGIN spotter\n30 21 * * * spotter run\n"
    try withCrontab(damaged) {
      let result = try sandbox.spotter(["agenda", "install"], now: evening, writes: true)
      #expect(result.status == 74)
      #expect(result.stderr.contains("line 7: '# BEGIN spotter' has no '# END spotter'"))
      #expect(try Self.crontab(["-l"]).out == damaged)
    }
  }

  @Test func systemdTimersAreAcceptedBySystemdAnalyze() throws {
    let sandbox = try Sandbox(extra: "")
    let units = sandbox.dir.appendingPathComponent("units").path
    let result = try sandbox.spotter(
      ["agenda", "install", "--systemd", "--unit-dir", units], now: evening, writes: true)
    #expect(result.status == 0, "\(result.stderr)")
    let timer = try String(contentsOfFile: units + "/spotter-nightly.timer", encoding: .utf8)
    #expect(timer.contains("\nPersistent=true\n"))
    let service = try String(contentsOfFile: units + "/spotter-nightly.service", encoding: .utf8)
    #expect(service.contains("\" \"run\" \"--db\" \"\(sandbox.db)\""))
    for file in ["spotter-nightly.timer", "spotter-catch-up.timer"] {
      let text = try String(contentsOfFile: units + "/" + file, encoding: .utf8)
      let calendar = try #require(
        text.split(separator: "\n").first { $0.hasPrefix("OnCalendar=") }?.dropFirst("OnCalendar=".count))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["systemd-analyze", "calendar", String(calendar)]
      process.standardOutput = Pipe()
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "systemd-analyze rejected '\(calendar)'")
    }
    #expect(timer.contains("OnCalendar=*-*-* 21:30:00 Europe/Berlin"))
    let removed = try sandbox.spotter(
      ["agenda", "uninstall", "--systemd", "--unit-dir", units], now: evening)
    #expect(removed.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: units).isEmpty)
  }

  @Test func aNightlyTimeInTheDSTWindowIsRefused() throws {
    let sandbox = try Sandbox(extra: "")
    try (try String(contentsOfFile: sandbox.config, encoding: .utf8))
      .replacingOccurrences(of: "[agenda]\n", with: "[agenda]\nnightly = \"02:30\"\n")
      .write(toFile: sandbox.config, atomically: true, encoding: .utf8)
    let result = try sandbox.spotter(["agenda", "install", "--dry-run"], now: evening, writes: true)
    #expect(result.status == 78)
    #expect(result.stderr.contains("config.toml:5: key 'agenda.nightly'"))
    #expect(result.stderr.contains("'02:30'"))
  }
}
