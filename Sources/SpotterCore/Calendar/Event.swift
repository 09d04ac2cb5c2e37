import Foundation

/// A calendar event (RFC 5545, Section 3.6.1), the unit both writers emit.
public struct Event: Sendable, Hashable, Codable {
  public var uid: String
  public var kind: ReminderKind
  /// RFC 5545 Section 3.8.7.4: raised on every change so clients replace their copy.
  public var sequence: Int
  /// RFC 5545 Section 3.8.7.2: when this revision was made, so re-runs reproduce it byte for byte.
  public var stamp: Date
  public var start: Date
  public var end: Date
  public var summary: String
  public var description: String
  public var categories: [String]
  public var status: EventStatus
  /// Empty for cancelled events and for events whose alarm would fire in the past.
  public var alarms: [Alarm]

  public init(
    uid: String, kind: ReminderKind, sequence: Int, stamp: Date, start: Date, end: Date,
    summary: String, description: String, categories: [String], status: EventStatus,
    alarms: [Alarm]
  ) {
    self.uid = uid
    self.kind = kind
    self.sequence = sequence
    self.stamp = stamp
    self.start = start
    self.end = end
    self.summary = summary
    self.description = description
    self.categories = categories
    self.status = status
    self.alarms = alarms
  }

  /// The instants the alarms fire.
  public var fireInstants: [Date] {
    alarms.map { start.addingTimeInterval(TimeInterval($0.trigger.offsetSeconds)) }
  }
}
