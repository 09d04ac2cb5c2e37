import Foundation
import SpotterCore

/// `spotter plan` as data: every event of the horizon with its local and UTC times.
public struct PlanView: Sendable, Encodable {
  public struct Item: Sendable, Encodable {
    public var uid: String
    public var kind: String
    public var date: LocalDate
    public var status: String
    public var sequence: Int
    /// `new`, `changed`, `cancelled` or `unchanged` against the last run.
    public var change: RevisionChange
    public var start: Date
    public var startLocal: String
    public var end: Date
    /// Nil when the event carries no alarm (cancelled, or already past).
    public var fire: Date?
    public var fireLocal: String?
    public var title: String
    public var body: String
    /// The event's own name when it differs from the alert's title (a focus block's title).
    public var summary: String?
    public var workoutName: String?
    public var reason: String?
  }

  public var now: Date
  public var timeZone: String
  public var horizon: Horizon
  public var events: [Item]
  public var notes: [PlanNote]

  public init(outcome: PlanOutcome, now: Date, clock: ZoneClock) {
    self.now = now
    timeZone = clock.timeZone.name
    horizon = outcome.plan.horizon
    notes = outcome.plan.notes
    let reminders = Dictionary(
      (outcome.plan.reminders + outcome.focus + outcome.followUps).map { ($0.uid, $0) },
      uniquingKeysWith: { $1 })
    events = zip(outcome.records, outcome.events).map { record, event in
      Self.item(
        record, event, change: outcome.changes[record.uid], reminder: reminders[record.uid], clock: clock)
    }
  }

  static func item(
    _ record: ReminderRecord, _ event: Event, change: RevisionChange?, reminder: Reminder?, clock: ZoneClock
  ) -> Item {
    let fire = event.fireInstants.first
    return Item(
      uid: record.uid, kind: record.kind.rawValue, date: record.date,
      status: record.status.rawValue.lowercased(), sequence: record.sequence,
      change: change ?? .unchanged, start: record.start,
      startLocal: Self.local(record.start, clock), end: record.end, fire: fire,
      fireLocal: fire.map { Self.local($0, clock) }, title: record.title, body: record.body,
      summary: record.summary, workoutName: reminder?.workoutName, reason: reminder?.reason)
  }

  /// Whether `title` names `summary`: it holds it whole, or holds the first word of a name of
  /// two or three words as the start of a compound (`Push-`), as German titles do.
  static func titleNames(_ title: String, _ summary: String) -> Bool {
    if title.contains(summary) { return true }
    let words = summary.split(whereSeparator: { $0 == " " || $0 == "-" })
    guard (2...3).contains(words.count), let first = words.first else { return false }
    return title.contains(first + "-")
  }

  /// `2026-11-23 18:00`; a reading the clock shows twice that day (an autumn overlap) carries
  /// its offset, `2026-10-25 02:46 +01:00`, so its two passes never read alike.
  static func local(_ instant: Date, _ clock: ZoneClock) -> String {
    let reading = clock.local(instant)
    guard clock.isAmbiguous(reading) else { return reading.minuteText }
    return reading.minuteText + " " + offsetText(clock.offset(at: instant))
  }

  /// `+01:00`, `-03:30`.
  static func offsetText(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes % 60 < 10 ? "0" : "")
      + "\(minutes % 60)"
  }

  /// The plan as a short table for the terminal, day by day: exactly the days its header names,
  /// with the reminders and focus alerts of those days; what is over is marked past, and events
  /// the outputs carry for other days are counted, not listed.
  public var text: String { text(ConsoleWords(.en)) }

  /// ``text`` in `words`' language.
  public func text(_ words: ConsoleWords) -> String {
    let last = horizon.end.adding(days: -1)
    let days =
      horizon.start == last
      ? "\(horizon.start)" : words.pick("\(horizon.start) to \(last)", "\(horizon.start) bis \(last)")
    var lines = [words.pick("Plan for \(days) (\(timeZone))", "Plan für \(days) (\(timeZone))")]
    let shown = horizon.start..<horizon.end
    let dates = Set(events.map(\.date) + notes.map(\.date)).filter(shown.contains).sorted()
    for date in dates {
      for item in events where item.date == date {
        let alarm =
          item.fireLocal.map { words.pick("alarm ", "Alarm ") + $0.suffix(5) }
          ?? words.pick("no alarm", "kein Alarm")
        let status =
          item.status == "cancelled"
          ? words.pick(" [cancelled]", " [abgesagt]")
          : item.end <= now ? words.pick(" [past]", " [vorbei]") : ""
        // The event's name, unless the alarm's title already says it: whole ("Workout Time: Push
        // Day!"), or as German joins it into a compound ("Zeit für dein Push-Workout!").
        let name = item.summary.flatMap { Self.titleNames(item.title, $0) ? nil : "\($0): " } ?? ""
        lines.append(
          "  \(item.date) \(item.startLocal.suffix(5))  \(alarm)  \(name)\(item.title) — \(item.body)\(status)"
        )
        lines.append(
          "      \(item.uid)  seq \(item.sequence), \(words.change(item.change))"
            + (item.reason.map { "; \($0)" } ?? ""))
      }
      for note in notes where note.date == date { lines.append("  \(note.date)  \(note.text)") }
    }
    let elsewhere = events.filter { !shown.contains($0.date) && $0.status != "cancelled" }.count
    if elsewhere > 0 {
      lines.append(
        words.pick(
          "  (\(Wording.count(elsewhere, "more event")) on other days; --from and --days show them)",
          "  (\(words.count(elsewhere, "", (one: "weiterer Termin", many: "weitere Termine"))) an anderen Tagen; "
            + "--from und --days zeigen sie)"))
    }
    return lines.joined(separator: "\n")
  }
}
