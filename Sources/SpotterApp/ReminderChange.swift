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

  /// What a command did to the reminder, as it says so.
  public enum Action: Sendable {
    case done, undone, snoozed
  }

  /// "done UID  cancelled  seq 1  TITLE", in `words`' language.
  public func line(_ action: Action, _ words: ConsoleWords) -> String {
    let verb =
      switch action {
      case .done: words.pick("done", "erledigt")
      case .undone: words.pick("undone", "zurückgenommen")
      case .snoozed: words.pick("snoozed", "verschoben")
      }
    return verb + " " + line(words)
  }

  /// `skip`'s first line: "skipped 2026-11-25", "already skipped …", "unskipped …".
  public static func skipLine(_ date: LocalDate, undo: Bool, already: Bool, _ words: ConsoleWords) -> String {
    let what =
      undo
      ? words.pick("unskipped", "wieder geplant")
      : already ? words.pick("already skipped", "schon ausgelassen") : words.pick("skipped", "ausgelassen")
    return "\(what) \(date)"
  }

  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language.
  public func line(_ words: ConsoleWords) -> String {
    let state =
      fireLocal.map { words.pick("fires ", "Alarm ") + $0 }
      ?? (status == "cancelled" ? words.pick("cancelled", "abgesagt") : status)
    return "\(uid)  \(state)  seq \(sequence)  \(title)"
  }
}
