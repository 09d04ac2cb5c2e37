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

  /// What the person's reactions to reminders changed, one line per weekday they moved:
  /// "Mon: alarm 40 min later: snoozed 3 of the last 4 Mondays".
  public func reactionLines(_ words: ConsoleWords = ConsoleWords(.en)) -> [String] {
    pattern.weekdays.flatMap { day -> [String] in
      guard let reactions = day.reactions else { return [] }
      let short = words.shortWeekday(day.weekday).trimmingCharacters(in: .whitespaces)
      let name = words.weekday(day.weekday)
      var result: [String] = []
      if let minutes = reactions.alarmLaterMinutes {
        result.append(
          words.pick(
            "\(short): alarm \(minutes) min later: snoozed \(reactions.snoozed) of the last \(reactions.days) \(name)s",
            "\(short): Alarm \(minutes) min später: an \(reactions.snoozed) der letzten \(reactions.days) \(name)e "
              + "verschoben"))
      }
      if let before = reactions.confidenceBefore {
        let moved = "\(confidenceText(before, words)) → \(confidenceText(day.confidence, words))"
        result.append(
          words.pick(
            "\(short): confidence \(moved): \(reactions.declined) of the last \(reactions.days) \(name)s skipped or "
              + "without a session after the reminder",
            "\(short): Konfidenz \(moved): an \(reactions.declined) der letzten \(reactions.days) \(name)e "
              + "ausgelassen oder nach der Erinnerung nicht trainiert"))
      }
      return result
    }
  }

  /// A probability or confidence as the table and its lines show it: to two places, and one under
  /// the threshold rounded down, so that a day shown "0.45" is never unreminded beside "a day is
  /// reminded from 0.45" (its confidence was 0.446). At or above the threshold it is rounded, as
  /// the plan's reasons quote it. Both columns are written so, so one number reads the same in
  /// each.
  public func confidenceText(_ value: Double, _ words: ConsoleWords) -> String {
    words.decimal(value, roundingDown: value < minimumConfidence)
  }

  private static let shades: [Character] = ["·", "░", "▒", "▓", "█"]

  /// The heatmap and table for a terminal, in `words`' language; `color` adds ANSI shading to
  /// the heatmap.
  public func text(color: Bool = false, words: ConsoleWords = ConsoleWords(.en)) -> String {
    var lines = [
      words.pick(
        "Training pattern as of \(pattern.asOf) (\(pattern.sessionsConsidered) sessions, recent weeks weigh more)",
        "Trainingsmuster am \(pattern.asOf) (\(pattern.sessionsConsidered) Einheiten, neuere Wochen zählen mehr)"
      ),
      "",
      "     00    03    06    09    12    15    18    21",
    ]
    for (index, row) in pattern.heat.enumerated() {
      var line = words.shortWeekday(Weekday.allCases[index]) + "  "
      for value in row {
        let level = value <= 0 ? 0 : min(4, 1 + Int(value * 3.999))
        let cell = String(repeating: Self.shades[level], count: 2)
        line += color && level > 0 ? "\u{1B}[3\(level == 4 ? 1 : 3)m\(cell)\u{1B}[0m" : cell
      }
      lines.append(line)
    }
    lines.append(
      words.pick(
        "     · none  ░ ▒ ▓ █ more session starts in that hour (recent weeks weigh more; █ the most)",
        "     · keine  ░ ▒ ▓ █ mehr Trainingsbeginne in dieser Stunde (neuere Wochen zählen mehr; █ die meisten)"
      ))
    lines.append("")
    // A weekday never trained has no usual time or spread of its own.
    let rows = pattern.weekdays.map { day -> [String] in
      let name = words.weekday(day.weekday)
      var training: String
      // Confidence below the weekday's rate: reactions, or the days since the last session,
      // lowered it.
      let lowered = day.confidence < day.probability - 0.05
      if day.confidence >= minimumConfidence {
        training =
          day.probability >= 0.5
          ? words.pick("yes: you train most \(name)s", "ja: du trainierst an den meisten \(name)en")
          : words.pick("yes: often enough to remind", "ja: oft genug für eine Erinnerung")
      } else if !pattern.isPattern {
        let days = LearningParameters.standard.minimumTrainingDays
        training = words.pick(
          "no: fewer than \(days) training days so far", "nein: bisher weniger als \(days) Trainingstage")
      } else if day.sessionCount == 0 && day.dateOnlySessions == 0 {
        training = words.pick("no: no \(name) trained yet", "nein: noch an keinem \(name) trainiert")
      } else if let since = pattern.silentSince, day.weekday == pattern.asOf.adding(days: 1).weekday {
        // Tomorrow in a silence: its weeks off counted, which is why it is not reminded.
        training = words.pick("no: nothing since \(since)", "nein: nichts seit \(since)")
      } else if lowered, (day.reactions?.declined ?? 0) > 0 {
        training = words.pick(
          "no: reminders there were skipped or ignored", "nein: Erinnerungen dort ausgelassen oder ignoriert")
      } else if day.probability >= minimumConfidence || lowered {
        // Lowered with no reaction behind it: the day is missed lately, not trained now and then.
        training = words.pick("no: fewer sessions there lately", "nein: zuletzt seltener trainiert")
      } else {
        training = words.pick("no: only now and then", "nein: nur ab und zu")
      }
      if let planned = program[day.weekday.key] {
        training = words.pick("yes: [program] says \(planned)", "ja: [program] sagt \(planned)")
      }
      var (usual, spread, source) = ("  -  ", "-", "-")
      if day.sessionCount > 0 || day.dateOnlySessions > 0 {
        // The start as logged: a snooze moves the alarm, not the person's usual start.
        usual = (day.usualStart ?? day.plannedStart)?.description ?? "  -  "
        // A spread says something from three starts on: one or two never read as "±0m".
        if day.startSamples >= 3, let minutes = day.spreadMinutes {
          spread = words.pick("±\(minutes)m", "±\(minutes) min")
        }
        source =
          day.startSource.map { "\(Self.sourceName($0, words)) (\(day.startSamples))" }
          ?? (day.dateOnlySessions > 0
            ? words.pick("dates only", "nur Daten") : words.pick("preferred time", "Wunschzeit"))
      }
      return [
        words.shortWeekday(day.weekday), usual, spread, source, String(day.sessionCount),
        confidenceText(day.probability, words), confidenceText(day.confidence, words), training,
      ]
    }
    let header =
      words.language == .de
      ? ["Tag", "Üblich", "Streuung", "Quelle", "Einheiten", "Wahrscheinlichkeit", "Konfidenz", "Erinnert?"]
      : ["Day", "Usual", "Spread", "From", "Sessions", "Probability", "Confidence", "Reminded?"]
    // Each column as wide as its longest entry, the last one unpadded: none is cut.
    let widths = header.indices.map { column in
      max(header[column].count, rows.map { $0[column].count }.max() ?? 0)
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    lines.append(line(header))
    lines += rows.map(line)
    let threshold = words.decimal(minimumConfidence)
    lines.append(
      words.pick(
        "Probability: how often you train on that weekday, recent weeks weighing more. Confidence: what "
          + "decides the reminder, the probability with the days since your last session (for tomorrow) and a "
          + "return from weeks off, lowered by reminders skipped or ignored; a day is reminded from \(threshold).",
        "Wahrscheinlichkeit: wie oft du an diesem Wochentag trainierst, neuere Wochen zählen mehr. Konfidenz: "
          + "was über die Erinnerung entscheidet, die Wahrscheinlichkeit mit den Tagen seit deinem letzten "
          + "Training (für morgen) und einer Rückkehr nach Wochen Pause, gesenkt durch ausgelassene oder "
          + "ignorierte Erinnerungen; ab \(threshold) wird erinnert."
      ))
    if pattern.weekdays.contains(where: { $0.startSource == nil && $0.dateOnlySessions > 0 }) {
      lines.append(
        words.pick(
          "\"dates only\": this history has no times of day (FitNotes for Android, early Fitbod), so these days' "
            + "reminders announce preferred_time (\(preferredTime)).",
          "„nur Daten“: diese Historie hat keine Uhrzeiten (FitNotes für Android, frühes Fitbod), also nennen die "
            + "Erinnerungen dieser Tage preferred_time (\(preferredTime))."))
    }
    lines += reactionLines(words)
    if let back = pattern.returnedOn {
      lines.append(
        words.pick(
          "You came back on \(back) after weeks off: the days since decide when and which days are reminded, "
            + "until the new weeks settle.",
          "Zurück seit \(back) nach Wochen Pause: die Tage seitdem entscheiden, wann und an welchen Tagen "
            + "erinnert wird, bis sich die neuen Wochen eingespielt haben."))
    }
    if let since = pattern.silentSince {
      lines.append(
        words.pick(
          "No session since \(since), longer than you usually leave: tomorrow counts as a week off, and "
            + "the weeks off count in its confidence.",
          "Kein Training seit \(since), länger als du sonst pausierst: morgen zählt als Woche Pause, und die "
            + "Wochen Pause zählen in seiner Konfidenz mit."))
    }
    if pattern.habitChange {
      lines.append(
        words.pick(
          "The last week looks like a new routine: recent days decide until it settles.",
          "Die letzte Woche sieht nach einer neuen Routine aus: die letzten Tage entscheiden, bis sie sich "
            + "eingespielt hat."))
    }
    if let useful = backtestUseful {
      let percent = Int((useful * 100).rounded())
      lines.append(
        words.pick(
          "Over the last 12 weeks these rules' alarms came 0–90 min before you started on "
            + "\(percent)% of \(backtestTrainingDays) training days (details: spotter backtest).",
          "In den letzten 12 Wochen kamen die Alarme dieser Regeln an \(percent) % von \(backtestTrainingDays) "
            + "Trainingstagen 0–90 min vor deinem Beginn (Details: spotter backtest)."))
    }
    return lines.joined(separator: "\n")
  }

  /// Where a weekday's usual start was read from, in `words`' language.
  static func sourceName(_ source: String, _ words: ConsoleWords) -> String {
    guard words.language == .de else { return source }
    switch source {
    case "weekday": return "Wochentag"
    case "every other week": return "jede zweite Woche"
    case "recent days": return "letzte Tage"
    case "all days": return "alle Tage"
    case "latest starts": return "letzte Beginne"
    default: return source
    }
  }
}
