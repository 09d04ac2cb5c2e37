import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the configured notifier commands for one reminder: notify-send, mail, curl, anything.
///
/// Each template runs through `/bin/sh -c` with its placeholders shell-quoted, and the same values
/// in the environment, so a script can use either without quoting anything itself.
public struct NotifierRunner: Sendable {
  public var timeoutSeconds: Int

  public init(timeoutSeconds: Int) {
    self.timeoutSeconds = timeoutSeconds
  }

  /// How one notifier did.
  public struct Result: Sendable, Hashable {
    public var channel: String
    public var succeeded: Bool
    /// "exit status 0", "exit status 7", "killed by signal 9", "timed out after 30 s", …
    public var reason: String
  }

  /// The stable name of a notifier in the history: a hash of its template, so reordering the
  /// config does not make a delivered notifier look new.
  public static func channel(of command: String) -> String {
    String(Fingerprint.hex(command).prefix(8))
  }

  /// The values of `record` by placeholder name.
  public static func values(of record: ReminderRecord, clock: ZoneClock) -> [String: String] {
    [
      "title": record.title, "body": record.body, "uid": record.uid, "kind": record.kind.rawValue,
      "start": CrontabWriter.stamp(record.start, clock),
    ]
  }

  /// Runs `command` with `values`; never throws: a notifier that cannot start has failed.
  public func run(_ command: String, values: [String: String]) -> Result {
    let channel = Self.channel(of: command)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", CommandTemplate(command).expand(values)]
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in values { environment["SPOTTER_" + key.uppercased()] = value }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      return Result(channel: channel, succeeded: false, reason: "cannot start /bin/sh: \(error)")
    }
    if finished.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + .seconds(2)) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
      return Result(channel: channel, succeeded: false, reason: "timed out after \(timeoutSeconds) s")
    }
    let status = process.terminationStatus
    if process.terminationReason == .uncaughtSignal {
      return Result(channel: channel, succeeded: false, reason: "killed by signal \(status)")
    }
    return Result(channel: channel, succeeded: status == 0, reason: "exit status \(status)")
  }
}
