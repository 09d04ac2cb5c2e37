import Foundation
import Testing
import _SpotterTestSupport

/// `spotter agenda install|uninstall` against a crontab(1) stand-in on PATH, never the crontab of
/// the user running the tests; ``RealCrontabEndToEndTests`` uses the real one, as root, for a
/// throw-away user.
@Suite struct CrontabEndToEndTests {
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

  /// A crontab stand-in holding `initial`, put on `sandbox`'s PATH.
  func standIn(_ initial: String, for sandbox: inout Sandbox) throws -> CrontabStandIn {
    let table = try CrontabStandIn()
    try table.install(initial)
    sandbox.environment = table.environment
    return table
  }

  @Test func cronLinesAreInTheSystemZoneNotTheCallersTZ() async throws {
    // The caller's shell says Tokyo; the machine, and so cron, runs in UTC.
    let dir = try SpotterBinary.scratch()
    let config = dir.appendingPathComponent("config.toml")
    // Monday is a program day, so there is a reminder whatever the examples teach.
    let base = "timezone = \"Europe/Berlin\"\n[program]\nmon = \"Push Day\"\n"
    try base.write(to: config, atomically: false, encoding: .utf8)
    let environment = ["TZ": "Asia/Tokyo", "SPOTTER_LOCALTIME": SpotterBinary.systemZoneLink("Etc/UTC")]
    let out = dir.appendingPathComponent("out").path
    func run() async throws -> SpotterBinary.Result {
      try await SpotterBinary.run(
        [
          "run", "--history", SpotterBinary.example("strong.csv"), "--config", config.path, "--db",
          dir.appendingPathComponent("db.sqlite").path, "--out", out, "--now", evening,
        ], environment: environment)
    }
    let result = try await run()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("warning"))
    let agenda = try String(contentsOfFile: out + "/agenda.crontab", encoding: .utf8)
    #expect(agenda.contains("# Times are in the zone cron runs in: UTC."))
    // The examples' Monday alarm, 17:10 in Berlin, is 16:10 for cron.
    let line = try #require(agenda.split(separator: "\n").first { $0.hasSuffix("# spotter:\(uid)") })
    #expect(line.hasPrefix("10 16 23 11 * "), "\(line)")

    // A configured cron zone that is not the system's is kept, and warned about.
    try (base + "[agenda]\ntimezone = \"Europe/Berlin\"\n").write(
      to: config, atomically: false, encoding: .utf8)
    let warned = try await run()
    #expect(warned.status == 0)
    #expect(
      warned.stdout.contains(
        "warning: agenda.timezone 'Europe/Berlin' differs from the system zone 'UTC' that cron runs in"))
    let header = try String(contentsOfFile: out + "/agenda.crontab", encoding: .utf8)
    #expect(
      header.contains(
        "that changes a reminder.\n# Warning: agenda.timezone 'Europe/Berlin' differs from the system zone"))
    #expect(
      header.split(separator: "\n").first { $0.hasSuffix("# spotter:\(uid)") }?.hasPrefix("10 17 23 11 * ")
        == true)
  }

  /// Run through a link from a folder of thousands of files (as from `/usr/bin`), the agenda's
  /// lines name the link, which an upgrade keeps, not the versioned file behind it, which the
  /// upgrade removes: after one, the lines still run the binary (now the new one).
  @Test func fireLinesNameTheLinkThatOutlivesAnUpgrade() async throws {
    let dir = try SpotterBinary.scratch()
    let bin = dir.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    for index in 0..<2000 {
      FileManager.default.createFile(atPath: bin.appendingPathComponent("tool\(index)").path, contents: nil)
    }
    // A package manager's layout: a versioned file, and a stable name linked to it.
    func install(_ version: String) throws -> URL {
      let folder = dir.appendingPathComponent("Cellar/spotter/\(version)/bin")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let binary = folder.appendingPathComponent("spotter")
      // A hard link where the file system allows one: the binary is tens of megabytes.
      do { try FileManager.default.linkItem(at: SpotterBinary.executable, to: binary) } catch {
        try FileManager.default.copyItem(at: SpotterBinary.executable, to: binary)
      }
      return binary
    }
    let old = try install("1.0")
    let link = bin.appendingPathComponent("spotter")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: old)
    let config = dir.appendingPathComponent("config.toml")
    try "timezone = \"Europe/Berlin\"\n[program]\nmon = \"Push Day\"\n".write(
      to: config, atomically: false, encoding: .utf8)
    let out = dir.appendingPathComponent("out").path
    let result = try await SpotterBinary.run(
      program: link,
      [
        "run", "--history", SpotterBinary.example("strong.csv"), "--config", config.path, "--db",
        dir.appendingPathComponent("db.sqlite").path, "--out", out, "--now", evening,
      ], environment: SpotterBinary.environment())
    #expect(result.status == 0, "\(result.stderr)")
    let agenda = try String(contentsOfFile: out + "/agenda.crontab", encoding: .utf8)
    let line = try #require(agenda.split(separator: "\n").first { $0.hasSuffix("# spotter:\(uid)") })
    #expect(line.contains(" \(link.path) fire "), "\(line)")
    #expect(!line.contains("Cellar"), "\(line)")
    // The upgrade: a new version, the link moved to it, the old one removed.
    let new = try install("1.1")
    try FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: new)
    try FileManager.default.removeItem(at: dir.appendingPathComponent("Cellar/spotter/1.0"))
    // The program the line names, its sixth word (after the five time fields), still runs.
    let program = try #require(line.split(separator: " ").dropFirst(5).first)
    let version = try await SpotterBinary.run(
      program: URL(fileURLWithPath: String(program)), ["--version"], environment: SpotterBinary.environment())
    #expect(version.status == 0, "\(version.stderr)")
  }

  /// A binary under a name with a line break cannot be named on a crontab line (the quoting
  /// writes a space; `--db` and `--config` with one are refused): the run says so, and so does
  /// the agenda, rather than leaving every alarm to fail when it fires.
  @Test func aBinaryPathWithALineBreakIsWarnedAbout() async throws {
    let dir = try SpotterBinary.scratch()
    let folder = dir.appendingPathComponent("my\nbin")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let binary = folder.appendingPathComponent("spotter")
    // A hard link where the file system allows one: the binary is tens of megabytes.
    do { try FileManager.default.linkItem(at: SpotterBinary.executable, to: binary) } catch {
      try FileManager.default.copyItem(at: SpotterBinary.executable, to: binary)
    }
    let config = dir.appendingPathComponent("config.toml")
    try "timezone = \"Europe/Berlin\"\n[program]\nmon = \"Push Day\"\n".write(
      to: config, atomically: false, encoding: .utf8)
    let out = dir.appendingPathComponent("out").path
    let db = dir.appendingPathComponent("db.sqlite").path
    let result = try await SpotterBinary.run(
      program: binary,
      [
        "run", "--history", SpotterBinary.example("strong.csv"), "--config", config.path, "--db", db, "--out",
        out, "--now", evening,
      ], environment: SpotterBinary.environment())
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("my\\nbin/spotter' holds a line break"), "\(result.stdout)")
    let agenda = try String(contentsOfFile: out + "/agenda.crontab", encoding: .utf8)
    let warning = try #require(agenda.split(separator: "\n").first { $0.hasPrefix("# Warning: ") })
    #expect(warning.contains("holds a line break, which a crontab line cannot hold"))
    // The warning is one comment line: the others are cron lines or comments.
    #expect(agenda.split(separator: "\n").allSatisfy { $0.hasPrefix("#") || $0.first?.isNumber == true })

    // Installing the nightly line says the same.
    var sandbox = try Sandbox()
    _ = try standIn("", for: &sandbox)
    let install = try await SpotterBinary.run(
      program: binary, ["agenda", "install", "--config", config.path, "--db", db, "--dry-run"],
      environment: SpotterBinary.environment(sandbox.environment))
    #expect(install.stderr.contains("holds a line break"), "\(install.stdout)\(install.stderr)")
  }

  /// A container, WSL or a minimal image has `crontab` but runs no cron daemon: an installed block
  /// never fired, and nothing said so. `agenda install` now says so, and installs all the same
  /// (a daemon may be started after); with one running, or a `/proc` that cannot tell, it is
  /// quiet.
  @Test func anInstallWithNoCronDaemonRunningSaysSo() async throws {
    var sandbox = try Sandbox()
    #expect(try await sandbox.spotter(["run"], now: evening, writes: true).status == 0)
    let table = try standIn(mine, for: &sandbox)
    let warning = "warning: no cron daemon is running on this machine"
    for (processes, warned) in [
      (["init", "sshd"], true), (["systemd", "crond"], false), (["init", "busybox"], true), ([], false),
    ] {
      let proc = processes.isEmpty ? sandbox.dir.path + "/no-proc" : SpotterBinary.processes(processes)
      let install = try await sandbox.spotter(
        ["agenda", "install"], now: evening, writes: true, environment: ["SPOTTER_PROC": proc])
      #expect(install.status == 0, "\(install.stderr)")
      #expect(install.stderr.contains(warning) == warned, "\(processes): \(install.stderr)")
    }
    #expect(try table.list().contains("# BEGIN spotter"))
  }

  /// A laptop closed over the nightly time: cron does not make up for a time it was not running
  /// at, so the next day had no plan and no reminder. The next catch-up runs that night, once, as
  /// the nightly line does; before the line has run a night, a catch-up runs none.
  @Test func aNightTheMachineSleptThroughIsRunByTheNextCatchUp() async throws {
    var sandbox = try Sandbox(program: "mon = \"Push Day\"\ntue = \"Pull Day\"\nwed = \"Leg Day\"")
    #expect(try await sandbox.spotter(["run"], now: "2026-11-22T21:00:00+01:00", writes: true).status == 0)
    let table = try standIn(mine, for: &sandbox)
    let install = try await sandbox.spotter(
      ["agenda", "install"], now: "2026-11-22T21:05:00+01:00", writes: true)
    #expect(install.status == 0, "\(install.stderr)")
    let early = try await sandbox.spotter(["catch-up"], now: "2026-11-22T21:10:00+01:00")
    #expect(early.status == 0 && early.stdout.isEmpty, "\(early.stdout)\(early.stderr)")
    let sunday = try await sandbox.spotter(
      ["run", "--nightly"], now: "2026-11-22T21:30:00+01:00", writes: true)
    #expect(sunday.status == 0, "\(sunday.stderr)")
    // Monday's night is slept through: Tuesday has no plan until Tuesday morning's catch-up.
    let tuesday = "workout-reminder-2026-11-24@spotter"
    #expect(!(try table.list()).contains(tuesday))
    let caught = try await sandbox.spotter(["catch-up"], now: "2026-11-24T08:00:00+01:00")
    #expect(caught.status == 0, "\(caught.stderr)")
    #expect(
      caught.stdout.contains(
        "the nightly run of 2026-11-23 (2026-11-23 21:30) did not start (the machine was asleep or off); ran it now:\n"
          + "planned 2 reminders (2 alarms) for 2026-11-24 to 2026-11-25"), "\(caught.stdout)")
    #expect(try table.list().contains("# spotter:\(tuesday)"))
    let calendar = try String(contentsOfFile: sandbox.out + "/spotter.ics", encoding: .utf8)
    #expect(calendar.contains("UID:\(tuesday)"))
    // Once: the next catch-up, and the nightly line firing late the same night, find it done.
    let again = try await sandbox.spotter(["catch-up"], now: "2026-11-24T08:10:00+01:00")
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
    let line = try await sandbox.spotter(
      ["run", "--nightly"], now: "2026-11-24T08:20:00+01:00", writes: true)
    #expect(line.stdout.contains("already started; nothing to do"), "\(line.stdout)")
    // Tuesday's night slept through too: the JSON names the night and carries its report.
    let json = try await sandbox.spotter(["catch-up", "--json"], now: "2026-11-25T07:00:00+01:00")
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let missed = try #require(object["missed_night"] as? [String: Any], "\(json.stdout)")
    #expect(missed["date"] as? String == "2026-11-24")
    #expect((missed["run"] as? [String: Any])?["reminders"] as? Int == 1)
    #expect(object["results"] is [Any] && object["version"] as? Int == 1)
  }

  /// The install counts the night due when it ran as claimed: the first night after it, slept
  /// through, is made up by the next catch-up, and no night before it is.
  @Test func theFirstNightAfterAnInstallIsMadeUpToo() async throws {
    var sandbox = try Sandbox(program: "mon = \"Push Day\"\ntue = \"Pull Day\"")
    #expect(try await sandbox.spotter(["run"], now: "2026-11-22T21:00:00+01:00", writes: true).status == 0)
    _ = try standIn(mine, for: &sandbox)
    let install = try await sandbox.spotter(
      ["agenda", "install"], now: "2026-11-22T21:05:00+01:00", writes: true)
    #expect(install.status == 0, "\(install.stderr)")
    let early = try await sandbox.spotter(["catch-up"], now: "2026-11-22T21:15:00+01:00")
    #expect(early.status == 0 && early.stdout.isEmpty, "\(early.stdout)")
    // Sunday's night, the install's first, slept through: Monday morning's catch-up runs it.
    let monday = try await sandbox.spotter(["catch-up"], now: "2026-11-23T07:00:00+01:00")
    #expect(monday.status == 0, "\(monday.stderr)")
    #expect(
      monday.stdout.contains("the nightly run of 2026-11-22 (2026-11-22 21:30) did not start"),
      "\(monday.stdout)")
  }

  @Test func installKeepsEveryOtherLineAndUninstallRemovesOnlyTheBlock() async throws {
    var sandbox = try Sandbox()
    #expect(try await sandbox.spotter(["run"], now: evening, writes: true).status == 0)
    let history = SpotterBinary.example("strong.csv")
    let table = try standIn(mine, for: &sandbox)
    do {
      let preview = try await sandbox.spotter(
        ["agenda", "install", "--dry-run", "--history", history], now: evening, writes: true)
      #expect(preview.status == 0, "\(preview.stderr)")
      #expect(preview.stdout.hasPrefix("--- crontab (now)\n+++ crontab (installed)\n@@ -4,3 +4,11 @@\n"))
      #expect(preview.stdout.contains("\n+# BEGIN spotter\n"))
      #expect(try table.list() == mine)

      let installed = try await sandbox.spotter(
        ["agenda", "install", "--history", history], now: evening, writes: true)
      #expect(installed.status == 0, "\(installed.stderr)")
      let text = try table.list()
      #expect(text.hasPrefix(mine))
      let block = text.dropFirst(mine.count).split(separator: "\n").map(String.init)
      #expect(block.first == "# BEGIN spotter")
      #expect(block.last == "# END spotter")
      let nightly = try #require(block.first { $0.hasPrefix("30 21 * * * ") })
      #expect(
        nightly.contains(
          " run --db \(sandbox.db) --config \(sandbox.config) --nightly --out \(sandbox.out) --history \(history) >> "
        ))
      #expect(block.contains { $0.hasPrefix("*/10 * * * * ") && $0.contains(" catch-up --db ") })
      #expect(block.contains { $0.hasPrefix("30 8 23 11 * ") && $0.hasSuffix("# spotter:\(uid)") })

      let again = try await sandbox.spotter(
        ["agenda", "install", "--history", history], now: evening, writes: true)
      #expect(
        again.stdout == "crontab already up to date\nthe nightly run starts at 21:30 in Europe/Berlin\n")
      #expect(try table.list() == text)

      // Any change of the outputs refreshes the installed block.
      #expect(try await sandbox.spotter(["snooze", uid, "2h"], now: evening, writes: true).status == 0)
      let refreshed = try table.list()
      #expect(refreshed.hasPrefix(mine))
      #expect(refreshed.contains("30 10 23 11 * "))
      #expect(!refreshed.contains("30 8 23 11 * "))

      let removed = try await sandbox.spotter(["agenda", "uninstall"], now: evening)
      #expect(removed.status == 0, "\(removed.stderr)")
      #expect(try table.list() == mine)
      #expect(
        try await sandbox.spotter(["agenda", "uninstall"], now: evening).stdout
          == "no spotter block in your crontab\n")
      // Uninstalled, a change no longer touches the crontab.
      #expect(try await sandbox.spotter(["snooze", uid], now: evening, writes: true).status == 0)
      #expect(try table.list() == mine)
    }
  }

  /// On a UTC server for a user in Tokyo, `nightly = "21:30"` is 21:30 in Tokyo: the line says
  /// `30 12`, the install says so, and a zone with DST moves the line when its offset changes.
  @Test func theNightlyTimeIsReadInTheUsersZoneAndWrittenInCrons() async throws {
    var sandbox = try Sandbox()
    let utc = ["SPOTTER_LOCALTIME": SpotterBinary.systemZoneLink("Etc/UTC")]
    try """
    timezone = "Asia/Tokyo"
    [program]
    mon = "Push Day"
    [agenda]
    nightly = "21:30"
    """.write(toFile: sandbox.config, atomically: false, encoding: .utf8)
    let table = try standIn("", for: &sandbox)
    // Just after midnight in Tokyo, a clock with seconds.
    let night = "2026-11-24T00:20:41+09:00"
    let installed = try await sandbox.spotter(
      ["agenda", "install"], now: night, writes: true, environment: utc)
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(
      installed.stdout.contains(
        "the nightly run starts at 21:30 in Asia/Tokyo, which is 12:30 in UTC, the zone cron runs in"),
      "\(installed.stdout)")
    #expect(
      try table.list().split(separator: "\n").contains {
        $0.hasPrefix("30 12 * * * ") && $0.contains(" run ")
      })

    // Berlin on a UTC server: summer time ends on 2026-10-25, and the run of the 24th writes the
    // line for the 25th an hour later in UTC.
    try """
    timezone = "Europe/Berlin"
    [program]
    mon = "Push Day"
    """.write(toFile: sandbox.config, atomically: false, encoding: .utf8)
    #expect(
      try await sandbox.spotter(
        ["agenda", "install"], now: "2026-10-23T12:00:00+02:00", writes: true, environment: utc
      )
      .status == 0)
    #expect(try table.list().split(separator: "\n").contains { $0.hasPrefix("30 19 * * * ") })
    let run = try await sandbox.spotter(
      ["run"], now: "2026-10-24T21:30:07+02:00", writes: true, environment: utc)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try table.list().split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("30 20 * * * ") && $0.contains(" run ") }, "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("30 19 * * * ") })
  }

  @Test func aHostileWorkoutNameGoesThroughAgendaInstallAndFireHarmlessly() async throws {
    let name = "Push %Day 'A'; $(rm -rf ~)"
    var sandbox = try Sandbox(program: "mon = \"Push %Day 'A'; $(rm -rf ~)\"")
    let home = sandbox.dir.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let canary = home.appendingPathComponent("canary").path
    #expect(TestScratch.createFile(canary, Data("alive".utf8)))
    #expect(try await sandbox.spotter(["run"], now: evening, writes: true).status == 0)
    let table = try standIn(mine, for: &sandbox)
    do {
      #expect(try await sandbox.spotter(["agenda", "install"], now: evening, writes: true).status == 0)
      let text = try table.list()
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
      #expect(sandbox.delivered == ["Workout Time: \(name)!|Planned for 09:00. Ready?|\(uid)"])
      #expect(FileManager.default.fileExists(atPath: canary))
      #expect(try await sandbox.spotter(["agenda", "uninstall"], now: evening).status == 0)
      #expect(try table.list() == mine)
    }
  }

  @Test func aDamagedBlockIsReportedAndLeftAlone() async throws {
    var sandbox = try Sandbox()
    let damaged = mine + "# BEGIN spotter\n30 21 * * * spotter run\n"
    let table = try standIn(damaged, for: &sandbox)
    do {
      let result = try await sandbox.spotter(["agenda", "install"], now: evening, writes: true)
      #expect(result.status == 74)
      #expect(result.stderr.contains("line 7: '# BEGIN spotter' has no '# END spotter'"))
      #expect(try table.list() == damaged)
    }
  }

  @Test func systemdTimersAreAcceptedBySystemdAnalyze() async throws {
    let sandbox = try Sandbox(extra: "")
    let units = sandbox.dir.appendingPathComponent("units").path
    let result = try await sandbox.spotter(
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
    let removed = try await sandbox.spotter(
      ["agenda", "uninstall", "--systemd", "--unit-dir", units], now: evening)
    #expect(removed.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: units).isEmpty)
  }

  /// A unit file in place is read to show the change only as far as a unit can be: a sparse
  /// file of 10 GB there was read whole (minutes, and all memory). It is replaced all the same.
  @Test func aHugeUnitInPlaceIsReplacedUnread() async throws {
    let sandbox = try Sandbox(extra: "")
    let units = sandbox.dir.appendingPathComponent("units").path
    try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
    let timer = units + "/spotter-nightly.timer"
    #expect(FileManager.default.createFile(atPath: timer, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: timer))
    try handle.truncate(atOffset: 10 << 30)
    try handle.close()
    let preview = try await sandbox.spotter(
      ["agenda", "install", "--systemd", "--unit-dir", units, "--dry-run"], now: evening, writes: true)
    #expect(preview.status == 0 && !preview.timedOut, "\(preview.stderr)")
    #expect(
      preview.stdout.hasPrefix("--- systemd units (now)\n+++ systemd units (written)\n"), "\(preview.stdout)")
    #expect(preview.stdout.contains("+# spotter-nightly.timer\n"))
    let installed = try await sandbox.spotter(
      ["agenda", "install", "--systemd", "--unit-dir", units], now: evening, writes: true)
    #expect(installed.status == 0 && !installed.timedOut, "\(installed.stderr)")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: timer)[.size] as? Int)
    #expect(size < 1_000)
  }

  @Test func aNightlyTimeInTheDSTWindowIsRefused() async throws {
    let sandbox = try Sandbox(extra: "")
    try (try String(contentsOfFile: sandbox.config, encoding: .utf8))
      .replacingOccurrences(of: "[agenda]\n", with: "[agenda]\nnightly = \"02:30\"\n")
      .write(toFile: sandbox.config, atomically: false, encoding: .utf8)
    let result = try await sandbox.spotter(["agenda", "install", "--dry-run"], now: evening, writes: true)
    #expect(result.status == 78)
    #expect(result.stderr.contains("config.toml:5: key 'agenda.nightly'"))
    #expect(result.stderr.contains("'02:30'"))
  }
}

/// The real crontab(1), for a throw-away user this test creates and deletes: runs only as root,
/// and never touches the crontab of the user running the tests.
@Suite struct RealCrontabEndToEndTests {
  static var canRun: Bool {
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/crontab")
      && FileManager.default.isExecutableFile(atPath: "/usr/sbin/useradd")
  }

  static func command(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// A throw-away user of this machine for `body`, removed with its crontab after: the real
  /// crontab is only ever a stranger's.
  static func withThrowawayUser(_ body: (String) async throws -> Void) async throws {
    let user = "spottertest\(UInt32.random(in: 100_000...999_999))"
    #expect(
      try Self.command(["/usr/sbin/useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", user]) == 0)
    defer {
      _ = try? Self.command(["/usr/bin/crontab", "-u", user, "-r"])
      _ = try? Self.command(["/usr/sbin/userdel", user])
    }
    try await body(user)
  }

  /// The new table reaches crontab in a folder of the install's own, mode 0700, under a name
  /// relative to it, and the folder is gone after: under a fixed name in the shared temporary
  /// folder, another user's file planted there first made every install fail.
  @Test func theNewTableIsHandedOverFromAPrivateFolder() async throws {
    var sandbox = try Sandbox()
    let table = try CrontabStandIn()
    let temporary = sandbox.dir.appendingPathComponent("tmp").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    sandbox.environment = table.environment.merging(["TMPDIR": temporary]) { $1 }
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(try await sandbox.spotter(["run"], now: evening, writes: true).status == 0)
    #expect(try await sandbox.spotter(["agenda", "install"], now: evening, writes: true).status == 0)
    let seen = try String(contentsOfFile: table.table + ".seen", encoding: .utf8)
    let fields = seen.split(separator: "\n").last?.split(separator: " ").map(String.init) ?? []
    try #require(fields.count == 3, "\(seen)")
    #expect(fields[0] == "drwx------")
    #expect(fields[1].hasPrefix(temporary + "/spotter-crontab-"))
    #expect(!fields[2].contains("/"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
  }

  @Test(.enabled(if: canRun, "needs root and the real crontab")) func installAndUninstallWithTheRealCrontab()
    async throws
  {
    try await Self.withThrowawayUser { user in
      let mine = "# the throw-away user's own line\n0 7 * * 1-5 /bin/true\n"
      let table = try CrontabStandIn.realUser(user)
      try table.install(mine)
      var sandbox = try Sandbox()
      // A temporary folder whose files' paths pass 100 bytes: Debian's crontab cut such a name
      // and found no file, so an install from it failed.
      let longTemporary = sandbox.dir.appendingPathComponent(String(repeating: "t", count: 100)).path
      try FileManager.default.createDirectory(atPath: longTemporary, withIntermediateDirectories: true)
      sandbox.environment = table.environment.merging(["TMPDIR": longTemporary]) { $1 }
      let evening = "2026-11-22T21:30:00+01:00"
      #expect(try await sandbox.spotter(["run"], now: evening, writes: true).status == 0)
      let installed = try await sandbox.spotter(["agenda", "install"], now: evening, writes: true)
      #expect(installed.status == 0, "\(installed.stderr)")
      let text = try table.list()
      #expect(text.hasPrefix(mine))
      #expect(text.contains("# BEGIN spotter\n") && text.hasSuffix("# END spotter\n"))
      #expect(text.contains("# spotter:workout-reminder-2026-11-23@spotter"))
      #expect(try await sandbox.spotter(["agenda", "uninstall"], now: evening).status == 0)
      #expect(try table.list() == mine)
    }
  }

  /// Debian's cron refuses a whole crontab for one command of 999 bytes ("command too long"): a
  /// workout named with a paragraph, in an agenda template with `{title} {body}`, made `agenda
  /// install` fail, and every refresh after it, so no alarm line was kept. Its title is now cut
  /// to fit; a nightly line that cannot fit (the exports' paths) is refused naming what to
  /// shorten, the user's crontab untouched.
  @Test(.enabled(if: canRun, "needs root and the real crontab")) func aLongWorkoutNameFitsTheRealCrontab()
    async throws
  {
    try await Self.withThrowawayUser { user in
      let mine = "0 7 * * 1-5 /bin/true\n"
      let table = try CrontabStandIn.realUser(user)
      try table.install(mine)
      let name = "Push Day " + String(repeating: "with a name as long as a paragraph ", count: 40)
      var sandbox = try Sandbox(program: "mon = \"\(name)\"")
      try (try String(contentsOfFile: sandbox.config, encoding: .utf8))
        .replacingOccurrences(
          of: "[agenda]\n", with: "[agenda]\ncommand = \"printf '%s %s' {title} {body}\"\n"
        )
        .write(toFile: sandbox.config, atomically: false, encoding: .utf8)
      sandbox.environment = table.environment
      let evening = "2026-11-22T21:30:00+01:00"
      #expect(try await sandbox.spotter(["run"], now: evening, writes: true).status == 0)
      let installed = try await sandbox.spotter(["agenda", "install"], now: evening, writes: true)
      #expect(installed.status == 0, "\(installed.stderr)")
      let line = try #require(
        try table.list().split(separator: "\n").first {
          $0.hasSuffix("# spotter:workout-reminder-2026-11-23@spotter")
        })
      #expect(line.contains("'Workout Time: Push Day with a name") && line.contains("…' "), "\(line)")
      let histories = (0..<12).map { _ in sandbox.dir.path + "/" + String(repeating: "h", count: 80) + ".csv"
      }
      let refused = try await sandbox.spotter(
        ["agenda", "install", "--history"] + histories, now: evening, writes: true)
      #expect(refused.status == 74, "\(refused.stderr)")
      #expect(refused.stderr.contains("the nightly line would be "), "\(refused.stderr)")
      #expect(refused.stderr.contains("list the exports in the config's [import] sources"))
      #expect(try table.list().contains(line))
    }
  }

  /// A store or config path with a line break is refused before anything is written: an agenda
  /// line naming it would end inside the path, and the next line would start with the rest (a
  /// crontab entry of its own). Quoting turned the break into a space, so the line named a
  /// store that does not exist.
  @Test(arguments: ["--db", "--config"])
  func aPathWithALineBreakIsRefusedBeforeAnythingIsWritten(option: String) async throws {
    let sandbox = try Sandbox()
    let planted = sandbox.dir.appendingPathComponent("a\n* * * * * touch pwned #").path
    let db = option == "--db" ? planted + "/db.sqlite" : sandbox.db
    let config = option == "--config" ? planted + "/config.toml" : sandbox.config
    let result = try await SpotterBinary.run([
      "run", "--history", SpotterBinary.example("strong.csv"), "--db", db, "--config", config, "--now",
      "2026-11-22T21:30:00+01:00", "--out", sandbox.out,
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("option '\(option)': a crontab line cannot carry a line break"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.out))
    #expect(!FileManager.default.fileExists(atPath: sandbox.db))
  }
}
