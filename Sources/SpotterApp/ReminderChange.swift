import Foundation
import SpotterCore

/// A reminder's new revision, as `snooze`, `done` and `skip` report it.
public struct ReminderChange: Sendable, Codable, Hashable {
  public var uid: String
  public var status: String
  public var sequence: Int
  /// When the alarm now fires, local; nil once cancelled.
  public var fireLocal: String?
  public var title: String

  public init(_ record: ReminderRecord, clock: ZoneClock) {
    uid = record.uid
    status = record.status.rawValue
    sequence = record.sequence
    fireLocal =
      record.status == .confirmed
      ? clock.local(record.fire).minuteText : nil
    title = record.title
  }

  public var line: String {
    "\(uid)  \(fireLocal.map { "fires \($0)" } ?? status)  seq \(sequence)  \(title)"
  }
}
