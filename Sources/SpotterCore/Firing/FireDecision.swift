/// What the fire-time guard decided for one reminder.
public enum FireDecision: Sendable, Hashable {
  /// Run the notifiers; the reason says whether on time or late (catch-up).
  case deliver(reason: String)
  /// A guard holds it back: done, cancelled, day skipped, already trained, workout in progress.
  case skip(reason: String)
  /// Not its time: snoozed or moved later. Recorded, but claims nothing.
  case notDue(reason: String)
  /// Its fire time passed unseen, beyond the grace window.
  case missed(reason: String)
  /// Its fire time is more than 24 hours old.
  case discard(reason: String)

  /// The history outcome this decision is written as.
  public var outcome: DeliveryOutcome {
    switch self {
    case .deliver: .pending
    case .skip: .skipped
    case .notDue: .notDue
    case .missed: .missed
    case .discard: .discarded
    }
  }

  public var reason: String {
    switch self {
    case .deliver(let reason), .skip(let reason), .notDue(let reason), .missed(let reason),
      .discard(let reason):
      reason
    }
  }
}
