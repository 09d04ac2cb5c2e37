import Foundation

/// Another process, a Python script, that takes hold of something (a lock, a transaction) and
/// keeps it until told to let go: what a test needs to see Spotter meet another process's
/// locks, which POSIX keeps per process, so the test process itself cannot stand in.
///
/// The script prints one line once it holds, reads one line from stdin as its cue to let go, and
/// may print a last line before it ends.
public final class PythonPeer {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// The line the script printed once it held.
  public private(set) var first = ""

  /// Starts `script` with `arguments` and returns once it printed its first line.
  public init(_ script: String, arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    first = line()
  }

  /// Tells the script to let go, and returns its last line once it has ended.
  @discardableResult public func finish() -> String {
    input.fileHandleForWriting.write(Data("go\n".utf8))
    let last = line()
    process.waitUntilExit()
    return last
  }

  private func line() -> String {
    let reader = output.fileHandleForReading
    var bytes: [UInt8] = []
    while let byte = try? reader.read(upToCount: 1), let first = byte.first, first != 10 {
      bytes.append(first)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
