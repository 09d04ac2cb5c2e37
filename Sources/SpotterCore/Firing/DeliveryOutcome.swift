/// What became of one reminder at one moment, as `spotter history` lists it.
public enum DeliveryOutcome: String, Sendable, Hashable, Codable, CaseIterable {
  /// A notifier ran and succeeded.
  case delivered
  /// A notifier was started and has not reported yet; after a crash it stays claimed, so the
  /// reminder is never delivered twice.
  case pending
  /// A notifier failed; the next catch-up retries it.
  case failed
  /// A fire-time guard held the reminder back (already trained, day skipped, done, cancelled).
  case skipped
  /// Fired too early or for an old time: the reminder was snoozed or moved.
  case notDue = "not-due"
  /// Its fire time passed unseen, beyond the grace window.
  case missed
  /// Its fire time is more than 24 hours old (seed 004: stale state is discarded).
  case discarded

  /// Whether the outcome claims its notifier for good: at most one delivery per reminder round.
  public var claims: Bool { self == .delivered || self == .pending }
}
