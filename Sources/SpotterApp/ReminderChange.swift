import Foundation
import SpotterCore

/// A reminder's new revision, as `snooze`, `done` and `skip` report it.
public struct ReminderChange: Sendable, Codable, Hashable {
  public var uid: String
  public var status: String
  public var sequence: Int
  /// When the alarm now fires, and as a local `YYYY-MM-DD HH:MM`; nil once cancelled.
  public var fire: Date?
  public var fireLocal: String?
  public var title: String

  public init(_ record: ReminderRecord, clock: ZoneClock) {
    uid = record.uid
    // Lower case, as in `plan --json`.
    status = record.status.rawValue.lowercased()
    sequence = record.sequence
    fire = record.status == .confirmed ? record.fire : nil
    fireLocal = fire.map { PlanView.local($0, clock) }
    title = record.title
  }

  public var line: String {
    "\(uid)  \(fireLocal.map { "fires \($0)" } ?? status)  seq \(sequence)  \(title)"
  }
}
