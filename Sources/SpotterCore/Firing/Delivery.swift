import Foundation

/// One line of the notification history (seed 004): a delivery, a skip or a failure, and why.
public struct Delivery: Sendable, Hashable, Codable {
  public var uid: String
  public var kind: ReminderKind
  public var title: String
  /// How many times the reminder had been snoozed: every snooze opens a new round, which may be
  /// delivered once more.
  public var round: Int
  /// The reminder's SEQUENCE when this happened; a skip holds only for that revision.
  public var sequence: Int
  /// The notifier (a hash of its command); nil for outcomes about the reminder as a whole.
  public var channel: String?
  /// The fire time the outcome is about.
  public var fire: Date
  /// When it happened.
  public var at: Date
  public var outcome: DeliveryOutcome
  public var reason: String

  public init(
    uid: String, kind: ReminderKind, title: String, round: Int, sequence: Int, channel: String?,
    fire: Date, at: Date, outcome: DeliveryOutcome, reason: String
  ) {
    self.uid = uid
    self.kind = kind
    self.title = title
    self.round = round
    self.sequence = sequence
    self.channel = channel
    self.fire = fire
    self.at = at
    self.outcome = outcome
    self.reason = reason
  }

  /// An entry about `record` as it stands now.
  public init(
    _ record: ReminderRecord, round: Int, channel: String? = nil, at: Date, outcome: DeliveryOutcome,
    reason: String
  ) {
    self.init(
      uid: record.uid, kind: record.kind, title: record.title, round: round, sequence: record.sequence,
      channel: channel, fire: record.fire, at: at, outcome: outcome, reason: reason)
  }
}
