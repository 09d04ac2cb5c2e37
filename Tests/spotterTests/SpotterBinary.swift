import Foundation

/// Runs the built `spotter` executable, as a user would from the shell.
struct SpotterBinary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var executable: URL {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("spotter")
    if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
    return packageRoot.appendingPathComponent(".build/debug/spotter")
  }

  static func example(_ name: String) -> String {
    packageRoot.appendingPathComponent("examples/\(name)").path
  }

  @discardableResult
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["TZ"] = "Europe/Berlin"
    env["LANG"] = "en_US.UTF-8"
    env["XDG_CONFIG_HOME"] = "/nonexistent-spotter-config"
    // No test may reach the real user's crontab: a stand-in comes first on PATH, with a table of
    // this test run's own unless the test brings its own stand-in.
    for (key, value) in defaultCrontab.environment { env[key] = value }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// The crontab stand-in of tests that do not set up their own.
  static let defaultCrontab: CrontabStandIn = {
    do { return try CrontabStandIn() } catch { fatalError("cannot create the crontab stand-in: \(error)") }
  }()

  /// A fresh directory for one test's store and outputs.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "spotter-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
