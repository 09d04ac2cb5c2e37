import SpotterCore

/// What `spotter fire` or one catch-up step did with a reminder.
public struct FireResult: Sendable, Codable, Hashable {
  public var uid: String
  public var title: String
  /// `delivered`, `failed`, `skipped`, `not-due`, `missed` or `discarded`.
  public var outcome: DeliveryOutcome
  public var reason: String
  /// One line per notifier that failed: its command and exit status.
  public var failures: [String]

  public init(uid: String, title: String, outcome: DeliveryOutcome, reason: String, failures: [String] = []) {
    self.uid = uid
    self.title = title
    self.outcome = outcome
    self.reason = reason
    self.failures = failures
  }

  /// One line for the terminal and the log.
  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language (``DeliveryWords``).
  public func line(_ words: ConsoleWords) -> String {
    "\(DeliveryWords.outcome(outcome.rawValue, words)) \(uid) (\(title)): \(DeliveryWords.reason(reason, words))"
  }
}
