import Foundation
import SpotterCore

/// A session as `spotter session list` shows it.
public struct SessionListItem: Sendable, Encodable {
  public var id: String
  public var workoutName: String
  public var state: String
  public var startLocal: String
  public var lastActivityLocal: String
  /// "3/8": the exercise to resume with, of how many.
  public var progress: String?
  /// The pending paused-workout reminders, soonest first.
  public var reminders: [ReminderChange]

  public init(_ session: Session, reminders: [ReminderRecord], clock: ZoneClock) {
    id = session.id
    workoutName = session.workoutName
    state = session.state.rawValue
    startLocal = clock.local(session.start).minuteText
    lastActivityLocal = clock.local(session.lastActivity).minuteText
    progress = session.resumePoint.map { "\($0.exercise)/\($0.of)" }
    self.reminders = reminders.map { ReminderChange($0, clock: clock) }
  }

  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language.
  public func line(_ words: ConsoleWords) -> String {
    let stateWord =
      switch SessionState(rawValue: state) {
      case .active?: words.pick(state, "läuft")
      case .paused?: words.pick(state, "pausiert")
      case .completed?: words.pick(state, "abgeschlossen")
      case .abandoned?: words.pick(state, "abgebrochen")
      case nil: state
      }
    var text = "\(id)  \(stateWord)  \(startLocal)  \(workoutName)"
    if SessionState(rawValue: state)?.isUnfinished == true {
      text += words.pick("  last activity \(lastActivityLocal)", "  zuletzt aktiv \(lastActivityLocal)")
      if let progress { text += words.pick(", exercise \(progress)", ", Übung \(progress)") }
    }
    for reminder in reminders { text += "\n    \(reminder.line(words))" }
    return text
  }
}
