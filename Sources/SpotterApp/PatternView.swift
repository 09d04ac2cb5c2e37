import Foundation
import SpotterCore

/// `spotter pattern`: the learned week as a weekday × hour heatmap and a table.
public struct PatternView: Sendable, Encodable {
  public var pattern: TrainingPattern
  public var minimumConfidence: Double
  public var trainingDays: [String]
  public var program: [String: String]
  /// Spotter's useful rate over the last 12 weeks' replay (`spotter backtest`), when there were
  /// training days to score.
  public var backtestUseful: Double?
  public var backtestTrainingDays: Int
  /// The time a reminder announces when no usual start was learned.
  public var preferredTime: String

  public init(pattern: TrainingPattern, settings: Settings, backtest: BacktestReport? = nil) {
    let score = backtest?.scores[.spotter]
    backtestUseful = score?.usefulRate.map { ($0 * 1000).rounded() / 1000 }
    backtestTrainingDays = score?.trainingDays ?? 0
    self.pattern = pattern
    preferredTime = settings.reminders.preferredTime.description
    minimumConfidence = settings.minimumConfidence
    trainingDays = pattern.trainingDays(minimumConfidence: settings.minimumConfidence).map(\.key)
    program = Dictionary(uniqueKeysWithValues: settings.program.map { ($0.key.key, $0.value) })
  }

  private static let weekdayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  /// What the person's reactions to reminders changed, one line per weekday they moved:
  /// "Mon: alarm 40 min later: snoozed 3 of the last 4 Mondays".
  public func reactionLines() -> [String] {
    pattern.weekdays.flatMap { day -> [String] in
      guard let reactions = day.reactions else { return [] }
      let short = Self.names[day.weekday.rawValue - 1]
      let plural = Self.weekdayNames[day.weekday.rawValue - 1] + "s"
      var result: [String] = []
      if let minutes = reactions.alarmLaterMinutes {
        result.append(
          "\(short): alarm \(minutes) min later: snoozed \(reactions.snoozed) of the last \(reactions.days) \(plural)"
        )
      }
      if let before = reactions.confidenceBefore {
        result.append(
          "\(short): confidence \(String(format: "%.2f", before)) → \(String(format: "%.2f", day.confidence)): "
            + "\(reactions.declined) of the last \(reactions.days) \(plural) skipped or without a session after the reminder"
        )
      }
      return result
    }
  }

  private static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
  private static let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let fullNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  /// The heatmap and table for a terminal; `color` adds ANSI shading to the heatmap.
  public func text(color: Bool = false) -> String {
    var lines = [
      "Training pattern as of \(pattern.asOf) (\(pattern.sessionsConsidered) sessions, recent weeks weigh more)",
      "",
      "     00    03    06    09    12    15    18    21",
    ]
    for (index, row) in pattern.heat.enumerated() {
      var line = Self.names[index] + "  "
      for value in row {
        let level = value <= 0 ? 0 : min(4, 1 + Int(value * 3.999))
        let cell = String(repeating: Self.shades[level], count: 2)
        line += color && level > 0 ? "\u{1B}[3\(level == 4 ? 1 : 3)m\(cell)\u{1B}[0m" : cell
      }
      lines.append(line)
    }
    lines.append(
      "     · none  ░ ▒ ▓ █ more session starts in that hour (recent weeks weigh more; █ the most)")
    lines.append("")
    // A weekday never trained has no usual time or spread of its own.
    let rows = pattern.weekdays.map { day -> (usual: String, spread: String, source: String) in
      guard day.sessionCount > 0 || day.dateOnlySessions > 0 else { return ("  -  ", "-", "-") }
      // The start as logged: a snooze moves the alarm, not the person's usual start.
      let usual = (day.loggedStart ?? day.usualStart)?.description ?? "  -  "
      // A spread says something from three starts on: one or two never read as "±0m".
      let spread = day.startSamples >= 3 ? day.spreadMinutes.map { "±\($0)m" } ?? "-" : "-"
      var source = day.startSource.map { "\($0) (\(day.startSamples))" } ?? "preferred time"
      if day.startSource == nil && day.dateOnlySessions > 0 { source = "dates only" }
      return (usual, spread, source)
    }
    // The "From" column is as wide as its longest entry: none is cut.
    let sourceWidth = max(4, rows.map(\.source.count).max() ?? 0)
    lines.append(
      "Day  Usual  Spread  " + "From".padding(toLength: sourceWidth, withPad: " ", startingAt: 0)
        + "  Sessions  Probability  Confidence  Reminded?")
    for (day, row) in zip(pattern.weekdays, rows) {
      let name = Self.fullNames[day.weekday.rawValue - 1]
      var training: String
      if day.confidence >= minimumConfidence {
        training = day.probability >= 0.5 ? "yes: you train most \(name)s" : "yes: often enough to remind"
      } else if day.sessionCount == 0 && day.dateOnlySessions == 0 {
        training = "no: no \(name) trained yet"
      } else if day.confidence < day.probability - 0.05, (day.reactions?.declined ?? 0) > 0 {
        training = "no: reminders there were skipped or ignored"
      } else if day.probability >= minimumConfidence {
        training = "no: fewer sessions there lately"
      } else {
        training = "no: only now and then"
      }
      if let planned = program[day.weekday.key] { training = "yes: [program] says \(planned)" }
      lines.append(
        Self.names[day.weekday.rawValue - 1] + "  " + row.usual + "  "
          + row.spread.padding(toLength: 6, withPad: " ", startingAt: 0) + "  "
          + row.source.padding(toLength: sourceWidth, withPad: " ", startingAt: 0)
          + "  " + String(day.sessionCount).padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
          + String(format: "%.2f", day.probability).padding(toLength: 11, withPad: " ", startingAt: 0)
          + "  " + String(format: "%.2f", day.confidence).padding(toLength: 10, withPad: " ", startingAt: 0)
          + "  " + training)
    }
    lines.append(
      "Probability: how often you train on that weekday, recent weeks weighing more. Confidence: the "
        + "same, lowered by reminders skipped or ignored; a day is reminded from \(String(format: "%.2f", minimumConfidence))."
    )
    if pattern.weekdays.contains(where: { $0.startSource == nil && $0.dateOnlySessions > 0 }) {
      lines.append(
        "\"dates only\": this history has no times of day (FitNotes for Android), so these days' "
          + "reminders announce preferred_time (\(preferredTime)).")
    }
    lines += reactionLines()
    if let back = pattern.returnedOn {
      lines.append(
        "You came back on \(back) after weeks off: the days since decide when and which days are reminded, "
          + "until the new weeks settle.")
    }
    if pattern.habitChange {
      lines.append("The last week looks like a new routine: recent days decide until it settles.")
    }
    if let useful = backtestUseful {
      lines.append(
        "Over the last 12 weeks these rules' alarms came 0–90 min before you started on "
          + "\(Int((useful * 100).rounded()))% of \(backtestTrainingDays) training days (details: spotter backtest)."
      )
    }
    return lines.joined(separator: "\n")
  }
}
