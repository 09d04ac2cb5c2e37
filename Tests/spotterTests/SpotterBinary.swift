import Foundation
import Testing
import _SpotterTestSupport

/// Runs the built `spotter` executable, as a user would from the shell.
struct SpotterBinary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the program outlived its time limit and was killed: a hang, not an answer.
    var timedOut = false
  }

  /// How long one run may take before it counts as a hang; far above any command's real time,
  /// even on a loaded two-core machine.
  static let hangLimit: TimeInterval = 120

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var executable: URL {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("spotter")
    if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
    return packageRoot.appendingPathComponent(".build/debug/spotter")
  }

  /// Every run log this test process's runs wrote, one after another.
  static func runLogs() -> String {
    let directory = stateHome + "/spotter"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
      $0.hasPrefix("run-") && $0.hasSuffix(".log")
    }
    return names.sorted().compactMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
      .joined()
  }

  static func example(_ name: String) -> String {
    packageRoot.appendingPathComponent("examples/\(name)").path
  }

  /// The environment every run of the binary gets: Berlin as the caller's and the machine's
  /// zone, English, no user config, and the crontab stand-in first on PATH; then `extra`.
  static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["TZ"] = "Europe/Berlin"
    // The machine's own zone, which cron runs in, is Berlin too, whatever this machine's is.
    env["SPOTTER_LOCALTIME"] = berlinLocaltime
    env["LANG"] = "en_US.UTF-8"
    env["XDG_CONFIG_HOME"] = "/nonexistent-spotter-config"
    // The run logs go to this test process's own directory, never the user's.
    env["XDG_STATE_HOME"] = stateHome
    // A real Hevy key of the machine's user must never reach a test's sync.
    env["HEVY_API_KEY"] = nil
    // No test may reach the real user's crontab: a stand-in comes first on PATH, with a table of
    // this test run's own unless the test brings its own stand-in.
    for (key, value) in defaultCrontab.environment { env[key] = value }
    // A cron daemon runs, whatever this machine's /proc says: `agenda install` warns when none
    // does, and its output is pinned.
    env["SPOTTER_PROC"] = processes(["init", "cron"])
    for (key, value) in extra { env[key] = value }
    return env
  }

  @discardableResult
  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
    try await run(program: executable, arguments, environment: Self.environment(environment))
  }

  /// ``run(_:environment:)`` for code that cannot await: a closure on a thread of its own.
  @discardableResult
  static func runBlocking(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    try runBlocking(program: executable, arguments, environment: Self.environment(environment))
  }

  /// Runs a program without holding a thread of the test pool while it runs: the wait happens on
  /// a GCD thread, and the test resumes when the program has exited and its output is read. A
  /// synchronous wait held one of the pool's few threads (two on a two-core machine) per running
  /// test, so tests queued behind each other's child processes.
  @discardableResult
  static func run(
    program: URL, _ arguments: [String], environment: [String: String], input: String? = nil,
    timeLimit: TimeInterval = hangLimit
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          with: Swift.Result {
            try runBlocking(
              program: program, arguments, environment: environment, input: input, timeLimit: timeLimit)
          })
      }
    }
  }

  /// Runs any program with exactly `environment`, `input` (or nothing) on its stdin, and returns
  /// what it printed; stderr is read beside stdout, so neither pipe can fill up and stall it.
  @discardableResult
  static func runBlocking(
    program: URL, _ arguments: [String], environment: [String: String], input: String? = nil,
    timeLimit: TimeInterval = hangLimit
  ) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    let stdin = input.map { _ in Pipe() }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin ?? FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // A hang must fail its test, not the whole suite: past the limit the program is killed.
    final class Flag: @unchecked Sendable { var value = false }
    let killed = Flag()
    let watcher = DispatchGroup()
    DispatchQueue.global().async(group: watcher) {
      if exited.wait(timeout: .now() + timeLimit) == .timedOut {
        killed.value = true
        kill(process.processIdentifier, SIGKILL)
      }
    }
    if let stdin, let input {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try stdin.fileHandleForWriting.close()
    }
    final class Collected: @unchecked Sendable { var data = Data() }
    let stderr = Collected()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      stderr.data = err.fileHandleForReading.readDataToEndOfFile()
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    watcher.wait()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr.data, as: UTF8.self), timedOut: killed.value)
  }

  /// Runs one SQL statement on a store through Python's sqlite3, as a user's sqlite3 would, and
  /// returns the first column of each row it gives, one per line.
  @discardableResult
  static func sqlite(_ path: String, _ statement: String) async throws -> String {
    let result = try await run(
      program: URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); rows = c.execute(sys.argv[2]).fetchall(); "
          + "c.commit(); print(''.join(f'{row[0]}\\n' for row in rows), end='')",
        path, statement,
      ], environment: ProcessInfo.processInfo.environment)
    try #require(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  /// The example config with its commented-out Push/Pull/Leg program switched on, written into
  /// `dir`: for tests about programs, which a config safe to copy must not impose.
  static func exampleConfigWithProgram(in dir: URL) throws -> String {
    let text = try String(contentsOfFile: example("config.toml"), encoding: .utf8)
      .replacingOccurrences(of: "# mon = \"Push Day\"", with: "mon = \"Push Day\"")
      .replacingOccurrences(of: "# wed = \"Pull Day\"", with: "wed = \"Pull Day\"")
      .replacingOccurrences(of: "# fri = \"Leg Day\"", with: "fri = \"Leg Day\"")
    let path = dir.appendingPathComponent("program.toml")
    try text.write(to: path, atomically: false, encoding: .utf8)
    return path.path
  }

  /// Where the runs of this test process keep their logs.
  static let stateHome = TestScratch.root.appendingPathComponent(
    "spotter-state-\(ProcessInfo.processInfo.processIdentifier)"
  ).path

  /// The machine zone every run gets, made once per test process.
  static let berlinLocaltime = systemZoneLink("Europe/Berlin")

  /// A link like `/etc/localtime` to `zone`; it need not resolve, only name the zone.
  static func systemZoneLink(_ zone: String) -> String {
    let link = TestScratch.root.appendingPathComponent(
      "spotter-localtime-\(zone.replacingOccurrences(of: "/", with: "-"))-\(ProcessInfo.processInfo.processIdentifier)"
    )
    try? FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "/usr/share/zoneinfo/\(zone)")
    return link.path
  }

  /// A stand-in for `/proc` whose processes 1, 2, … have the command names `names`, made once
  /// per list and test process.
  static func processes(_ names: [String]) -> String {
    let folder = TestScratch.root.appendingPathComponent("spotter-proc-" + names.joined(separator: "-")).path
    for (index, name) in names.enumerated() {
      let process = folder + "/\(index + 1)"
      try? FileManager.default.createDirectory(atPath: process, withIntermediateDirectories: true)
      _ = TestScratch.createFile(process + "/comm", Data((name + "\n").utf8))
    }
    return folder
  }

  /// The crontab stand-in of tests that do not set up their own.
  static let defaultCrontab: CrontabStandIn = {
    do { return try CrontabStandIn() } catch { fatalError("cannot create the crontab stand-in: \(error)") }
  }()

  /// Starts `spotter` with `arguments`, kills it with SIGKILL once `seconds` have passed, and
  /// waits for it to end; for the kill tests, whose point is an arbitrary moment of a command,
  /// so the sleep is not a wait for something to happen.
  static func killedRun(_ arguments: [String], after seconds: TimeInterval) async throws {
    let process = Process()
    process.executableURL = executable
    process.environment = environment()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// A fresh directory for one test's store and outputs.
  static func scratch() throws -> URL {
    let url = TestScratch.root.appendingPathComponent(
      "spotter-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
