import Foundation
import SpotterCore

/// The user's crontab, read and replaced through the real `crontab(1)` command.
///
/// Going through `crontab` instead of the spool file keeps cron's own checks and permissions,
/// and works the same with Debian's cron, cronie and macOS.
public struct CrontabClient: Sendable {
  /// The `crontab` executable; found on `PATH` when nil.
  public var executable: String?
  public var environment: [String: String]

  public init(executable: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
  {
    self.executable = executable
    self.environment = environment
  }

  /// The installed crontab; empty when the user has none.
  public func read() throws -> String {
    let result = try run(["-l"])
    if result.status == 0 { return result.stdout }
    // Debian and cronie say "no crontab for USER" and exit 1 when there is none.
    if result.stderr.lowercased().contains("no crontab") { return "" }
    throw SpotterIOError.crontab(
      reason: "'crontab -l' failed (exit status \(result.status)): \(result.stderr)")
  }

  /// Installs `text` as the user's whole crontab.
  ///
  /// The table goes to crontab as a file in a folder of this process's own (`mkdtemp`, mode
  /// 0700): under a name anyone could guess in the shared `/tmp`, another user's file or link
  /// planted there first made every install fail. It is named relative to crontab's working
  /// folder: Debian's crontab keeps a file name in 100 bytes and cut a longer one (a long
  /// TMPDIR), then found no such file.
  public func write(_ text: String) throws {
    var template = Array(
      (FileManager.default.temporaryDirectory.path + "/spotter-crontab-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw SpotterIOError.crontab(
        reason: "cannot make a folder for the new crontab: \(String(cString: strerror(errno)))")
    }
    let directory = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = "crontab.txt"
    try AtomicFileWriter.write(text, to: directory + "/" + name)
    let result = try run([name], in: directory)
    guard result.status == 0 else {
      throw SpotterIOError.crontab(
        reason: "'crontab' refused the new crontab (exit status \(result.status)): \(result.stderr)")
    }
  }

  private func run(_ arguments: [String], in directory: String? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    guard let path = executable ?? Self.find("crontab", in: environment["PATH"]) else {
      throw SpotterIOError.crontab(
        reason: Phrase(
          "no 'crontab' command on PATH; install cron (Debian: apt-get install cron)",
          de: "kein 'crontab'-Befehl im PATH; installiere cron (Debian: apt-get install cron)"))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do {
      try process.run()
    } catch {
      throw SpotterIOError.crontab(reason: "cannot run '\(path)': \(error.localizedDescription)")
    }
    // crontab writes at most a line to stderr, far below a pipe's buffer, so reading stdout to
    // the end first cannot block it.
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: stdoutData, as: UTF8.self),
      String(decoding: stderrData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    )
  }

  static func find(_ name: String, in path: String?) -> String? {
    for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = directory + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
