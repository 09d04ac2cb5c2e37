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
  /// The environment notifiers start from (this process's), less ``secretVariables``.
  public var environment: [String: String]

  /// Variables a notifier never sees: the Hevy key is Spotter's secret, not the notifier's, and a
  /// script that prints its environment, or fails saying it, put the key into the delivery
  /// history and the run log, where the last line a failing notifier wrote is kept.
  public static let secretVariables = ["HEVY_API_KEY"]

  public init(timeoutSeconds: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.timeoutSeconds = timeoutSeconds
    self.environment = environment
    for name in Self.secretVariables { self.environment[name] = nil }
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
  ///
  /// The notifier's own output never reaches our stdout, so `--quiet` stays quiet; the last line
  /// it wrote is kept in the reason of a failure, where it usually says what went wrong.
  public func run(_ command: String, values: [String: String]) -> Result {
    let channel = Self.channel(of: command)
    var environment = environment
    for (key, value) in values { environment["SPOTTER_" + key.uppercased()] = value }
    let process = NotifierProcess(
      arguments: ["/bin/sh", "-c", CommandTemplate(command).expand(values)], environment: environment,
      timeoutSeconds: timeoutSeconds)
    let (ending, output) = process.run()
    let said = Self.lastLine(of: output).map { ": \(ErrorText.quoted($0))" } ?? ""
    switch ending {
    case .cannotStart(let reason):
      return Result(channel: channel, succeeded: false, reason: "cannot start /bin/sh: \(reason)")
    case .timedOut:
      return Result(channel: channel, succeeded: false, reason: "timed out after \(timeoutSeconds) s")
    case .flooded:
      return Result(
        channel: channel, succeeded: false,
        reason: "stopped: wrote more than \(NotifierProcess.outputLimit >> 20) MB of output\(said)")
    case .signalled(let signal):
      return Result(channel: channel, succeeded: false, reason: "killed by signal \(signal)\(said)")
    case .exited(0):
      return Result(channel: channel, succeeded: true, reason: "exit status 0")
    case .exited(let status):
      return Result(channel: channel, succeeded: false, reason: "exit status \(status)\(said)")
    }
  }

  /// The last non-blank line of `output`.
  static func lastLine(of output: String) -> String? {
    output.split(whereSeparator: \.isNewline).last {
      !$0.allSatisfy(\.isWhitespace)
    }.map { String($0) }
  }
}
