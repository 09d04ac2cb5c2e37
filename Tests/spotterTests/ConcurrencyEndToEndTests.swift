import Foundation
import Testing
import _SpotterTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Commands started in the same instant, as cron starts every line of one minute: none may fail
/// with "database is locked"; each waits for SQLite's lock as it waits for the process lock.
@Suite struct ConcurrencyEndToEndTests {
  /// Commands held at a gate (a FIFO each reads one line from) and let go together.
  struct Crowd {
    let dir: URL
    var processes: [(process: Process, name: String)] = []
    let gate: String
    let gateDescriptor: Int32

    init(dir: URL) throws {
      self.dir = dir
      gate = dir.appendingPathComponent("gate-\(UUID().uuidString)").path
      try #require(mkfifo(gate, 0o600) == 0)
      // Read-write, so opening it never blocks and the lines wait in the pipe for late readers.
      gateDescriptor = open(gate, O_RDWR)
      try #require(gateDescriptor >= 0)
    }

    mutating func add(_ arguments: [String], name: String, environment: [String: String] = [:]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "read _ < \"$0\"; exec \"$@\"", gate, SpotterBinary.executable.path] + arguments
      process.environment = SpotterBinary.environment(environment)
      let index = processes.count
      for suffix in ["out", "err"] {
        TestScratch.createFile(dir.appendingPathComponent("\(index).\(suffix)").path)
      }
      process.standardOutput = try FileHandle(forWritingTo: dir.appendingPathComponent("\(index).out"))
      process.standardError = try FileHandle(forWritingTo: dir.appendingPathComponent("\(index).err"))
      process.standardInput = FileHandle.nullDevice
      try process.run()
      processes.append((process, name))
    }

    /// Lets every command go at once and waits for all of them; their exit codes and stderr.
    func release() -> [(name: String, status: Int32, stderr: String)] {
      let lines = [UInt8](repeating: 10, count: processes.count)
      _ = lines.withUnsafeBytes { write(gateDescriptor, $0.baseAddress, $0.count) }
      defer { close(gateDescriptor) }
      return processes.enumerated().map { index, entry in
        entry.process.waitUntilExit()
        let stderr =
          (try? String(contentsOf: dir.appendingPathComponent("\(index).err"), encoding: .utf8)) ?? ""
        return (entry.name, entry.process.terminationStatus, stderr)
      }
    }
  }

  func arguments(_ sandbox: Sandbox, _ command: [String], now: String, writes: Bool = false) -> [String] {
    command + ["--config", sandbox.config, "--db", sandbox.db, "--now", now]
      + (writes ? ["--out", sandbox.out] : [])
  }

  /// A brand-new store: writers create and migrate it while readers look at it, all at once.
  @Test func commandsStartedTogetherOnANewStoreAllSucceed() async throws {
    let history = SpotterBinary.example("strong.csv")
    for round in 0..<3 {
      let sandbox = try Sandbox()
      var crowd = try Crowd(dir: sandbox.dir)
      let now = "2026-11-22T21:30:4\(round).25+01:00"
      for _ in 0..<2 {
        try crowd.add(
          arguments(sandbox, ["run", "--days", "2", "--history", history], now: now, writes: true),
          name: "run")
        try crowd.add(arguments(sandbox, ["import", history], now: now), name: "import")
      }
      for reader in ["plan", "pattern", "history"] {
        try crowd.add(arguments(sandbox, [reader], now: now), name: reader)
      }
      for result in crowd.release() {
        #expect(result.status == 0, "round \(round), \(result.name): \(result.stderr)")
        #expect(!result.stderr.contains("locked"), "round \(round), \(result.name): \(result.stderr)")
      }
    }
  }

  /// The installed crontab's minute: the nightly run, the catch-up line and a reminder's own
  /// line, each twice, beside a reader; every one succeeds and the reminder is delivered once.
  @Test func runCatchUpAndFireStartedTogetherAllSucceedAndDeliverOnce() async throws {
    let uid = "workout-reminder-2026-11-23@spotter"
    for round in 0..<3 {
      let sandbox = try Sandbox()
      // Monday's Push Day reminder at the preferred 09:00 fires at 08:30.
      let planned = try await sandbox.spotter(
        ["run", "--days", "2"], now: "2026-11-22T21:30:00+01:00", writes: true)
      #expect(planned.status == 0, "\(planned.stderr)")
      var crowd = try Crowd(dir: sandbox.dir)
      let now = "2026-11-23T08:30:1\(round).5+01:00"
      for _ in 0..<2 {
        try crowd.add(arguments(sandbox, ["run", "--days", "2"], now: now, writes: true), name: "run")
        try crowd.add(arguments(sandbox, ["catch-up"], now: now), name: "catch-up")
        try crowd.add(arguments(sandbox, ["fire", uid], now: now), name: "fire")
      }
      try crowd.add(arguments(sandbox, ["plan"], now: now), name: "plan")
      for result in crowd.release() {
        #expect(result.status == 0, "round \(round), \(result.name): \(result.stderr)")
      }
      #expect(sandbox.delivered.filter { $0.hasSuffix(uid) }.count == 1, "round \(round)")
    }
  }

  /// `fire` and `catch-up` on a mistyped `--db` say so and create nothing, not even a lock file.
  @Test func firingAtAMissingStoreCreatesNothing() async throws {
    let sandbox = try Sandbox()
    let missing = sandbox.dir.appendingPathComponent("typo/spotter.sqlite").path
    for command in [["fire", "workout-reminder-2026-11-23@spotter"], ["catch-up"]] {
      let result = try await SpotterBinary.run(
        command + ["--config", sandbox.config, "--db", missing, "--now", "2026-11-23T08:30:00+01:00"])
      #expect(result.status == 74, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("No such file or directory"))
    }
    for reader in [["plan"], ["pattern"], ["history"]] {
      let result = try await SpotterBinary.run(
        reader + ["--config", sandbox.config, "--db", missing, "--now", "2026-11-23T08:30:00+01:00"])
      #expect(result.status == 0, "\(reader): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.dir.appendingPathComponent("typo").path))
  }
}
