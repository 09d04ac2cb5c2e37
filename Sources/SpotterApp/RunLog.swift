import Foundation
import SpotterCore
import SpotterIO

/// The nightly run's own log: one timestamped file per run under `$XDG_STATE_HOME/spotter/`, so
/// that what cron mailed (or did not) can be read again later.
public struct RunLog: Sendable {
  /// How many logs are kept; older ones are removed.
  public static let kept = 60
  public let directory: String
  /// Eight hex digits of the store's path: logs of several stores (the users of `spotter batch`,
  /// or two stores of one person) share a folder without overwriting or pruning each other's.
  public let store: String

  public init(workspace: Workspace) {
    directory = workspace.paths.state
    store = String(Fingerprint.hex(Workspace.absolute(workspace.databasePath)).prefix(8))
  }

  /// Whether the newest log of this store holds `text` word for word.
  public func latestHolds(_ text: String) -> Bool {
    let expected = Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
    // One byte past the text: a longer log is another one, and a planted huge file is not read.
    guard let latest = logs().last, let handle = try? InputFile.open(directory + "/" + latest) else {
      return false
    }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: expected.count + 1)) == expected
  }

  /// This store's logs, oldest first.
  private func logs() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasPrefix("run-") && $0.hasSuffix("-\(store).log") }.sorted()
  }

  /// Writes `text` as the log of the run at `now` and returns its path; a log that cannot be
  /// written costs the run nothing but a warning.
  public func write(_ text: String, now: Date) throws -> String {
    // By hand: a DateFormatter sets up ICU, 1 ms of a nightly run, for sixteen characters.
    let utc = LocalDateTime(wallSeconds: Int(now.timeIntervalSince1970.rounded(.down)))
    let stamp = utc.description.filter { $0 != "-" && $0 != ":" } + "Z"
    let path = directory + "/run-\(stamp)-\(store).log"
    try AtomicFileWriter.write(text.hasSuffix("\n") ? text : text + "\n", to: path)
    for old in logs().dropLast(Self.kept) {
      try? FileManager.default.removeItem(atPath: directory + "/" + old)
    }
    return path
  }
}
