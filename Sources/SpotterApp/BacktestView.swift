import Foundation
import SpotterCore

/// `spotter backtest` as a table, or as JSON (`"version": 1`).
public struct BacktestView: Sendable, Encodable {
  /// The JSON shape's version.
  public var version = 1
  public var from: String
  public var through: String
  public var leadMinutes: Int
  public var trainingDays: Int
  public var strategies: [String: Metrics]
  public var weekdays: [String: [String: Metrics]]
  public var hindsightUseful: Double?
  public var suggestedLeadMinutes: Int?
  public var suggestedLeadUseful: Double?
  /// Spotter's reminder and your session, day by day (local times with their offset).
  public var days: [Day]
  /// The fresh-data mode: the single alarm against a second, conditional one that a session
  /// started before it silences (counts, for pooling across histories).
  public var freshData: FreshDataScore?

  /// One replayed day.
  public struct Day: Sendable, Encodable {
    public var date: String
    public var weekday: String
    public var alarm: String?
    public var predictedStart: String?
    public var predictedName: String?
    public var start: String?
    public var name: String?
    /// True when the day's training is known by its date only; absent otherwise.
    public var dateOnly: Bool?
    /// The day's confidence the night before (0…1), as `spotter pattern` showed it then.
    public var confidence: Double?
    /// Why the day had its reminder, or none: the plan's words that night.
    public var reason: String?
  }

  /// One strategy's metrics; rates are 0…1, nil without days to count.
  public struct Metrics: Sendable, Encodable {
    public var trainingDays: Int
    public var reminders: Int
    public var recall: Double?
    public var precision: Double?
    public var useful: Double?
    public var late: Double?
    public var medianStartErrorMinutes: Int?
    public var nameAccuracy: Double?
    /// The counts behind the rates, for pooling several reports.
    public var hits: Int
    public var usefulDays: Int
    public var lateDays: Int
    public var namesCompared: Int
    public var namesRight: Int
    /// Training days known by their date only, and those with a reminder: left out of useful
    /// and late.
    public var untimedDays: Int
    public var untimedHits: Int
    public var startErrorsMinutes: [Int]

    init(_ score: BacktestScore) {
      hits = score.hits
      usefulDays = score.useful
      lateDays = score.late
      namesCompared = score.namesCompared
      namesRight = score.namesRight
      untimedDays = score.untimedDays
      untimedHits = score.untimedHits
      startErrorsMinutes = score.startErrors.sorted()
      trainingDays = score.trainingDays
      reminders = score.reminders
      recall = score.recall.map(Self.round)
      precision = score.precision.map(Self.round)
      useful = score.usefulRate.map(Self.round)
      late = score.lateRate.map(Self.round)
      medianStartErrorMinutes = score.medianStartError
      nameAccuracy = score.nameAccuracy.map(Self.round)
    }

    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
  }

  public init(report: BacktestReport, clock: ZoneClock) {
    func local(_ instant: Date?) -> String? { instant.map { InstantText.local($0, clock: clock) } }
    days = report.days.map {
      Day(
        date: $0.date.description, weekday: $0.date.weekday.key, alarm: local($0.alarm),
        predictedStart: local($0.predictedStart), predictedName: $0.predictedName, start: local($0.start),
        name: $0.name, dateOnly: $0.dateOnly ? true : nil, confidence: $0.confidence.map(Metrics.round),
        reason: $0.reason)
    }
    from = report.from.description
    through = report.through.description
    leadMinutes = report.leadMinutes
    trainingDays = report.scores[.spotter]?.trainingDays ?? 0
    strategies = Dictionary(uniqueKeysWithValues: report.scores.map { ($0.key.rawValue, Metrics($0.value)) })
    weekdays = Dictionary(
      uniqueKeysWithValues: report.weekdays.map { day, scores in
        (day.key, Dictionary(uniqueKeysWithValues: scores.map { ($0.key.rawValue, Metrics($0.value)) }))
      })
    hindsightUseful = report.hindsightRate.map(Metrics.round)
    suggestedLeadMinutes = report.suggestedLeadMinutes
    suggestedLeadUseful = report.suggestedLeadUseful.map(Metrics.round)
    freshData = report.freshData
  }

  static func percent(_ value: Double?) -> String {
    value.map { String(Int(($0 * 100).rounded())) + "%" } ?? "-"
  }

  private static let order = BacktestStrategy.allCases

  /// The report for a terminal, in `words`' language.
  public func text(_ words: ConsoleWords = ConsoleWords(.en)) -> String {
    func cell(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    // German writes "93 %" in a sentence; the table's cells keep "93%" so its columns stay.
    func percent(_ value: Double?) -> String {
      words.language == .de
        ? Self.percent(value).replacingOccurrences(of: "%", with: " %") : Self.percent(value)
    }
    var lines = [
      words.pick(
        "Backtest \(from) – \(through): each night at 21:00 (the replay's fixed hour; your nightly run is [agenda] "
          + "nightly, 21:30 by default) planned the next day from what was logged before;",
        "Rückblick \(from) – \(through): jede Nacht um 21:00 (die feste Stunde der Wiederholung; dein nächtlicher "
          + "Lauf ist [agenda] nightly, 21:30 als Vorgabe) wurde der nächste Tag aus dem zuvor Erfassten geplant;"
      ),
      words.count(trainingDays, "training day", (one: "Trainingstag", many: "Trainingstage"))
        + words.pick(
          ". Useful = the alarm fired 0–90 min before you started.",
          ". Nützlich = der Alarm kam 0–90 min vor deinem Beginn."),
      "",
    ]
    let labels: [BacktestStrategy: String] = [
      .spotter: words.pick("Spotter (lead \(leadMinutes) min)", "Spotter (Vorlauf \(leadMinutes) min)"),
      .sameWeekdayLastWeek: words.pick("B1 same weekday last week", "B1 gleicher Tag letzte Woche"),
      .planRule: words.pick("B2 plan rule (2 of last 4)", "B2 Planregel (2 der letzten 4)"),
      .weekdayMedian: words.pick("B3 weekday median (4 of 8)", "B3 Wochentag-Median (4 von 8)"),
    ]
    // No label is cut: the column is as wide as the longest.
    let labelWidth = max(28, (labels.values.map(\.count).max() ?? 0) + 2)
    lines.append(
      words.pick("Strategy", "Strategie").padding(toLength: labelWidth, withPad: " ", startingAt: 0)
        + words.pick(
          "  recall  precision  useful  late  start error  name",
          "  Recall  Präzision  nützl.  spät  Startfehler  Name"))
    for strategy in Self.order {
      guard let metrics = strategies[strategy.rawValue] else { continue }
      let label = labels[strategy] ?? strategy.label
      lines.append(
        label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
          + cell(Self.percent(metrics.recall), 8)
          + cell(Self.percent(metrics.precision), 11) + cell(Self.percent(metrics.useful), 8)
          + cell(Self.percent(metrics.late), 6)
          + cell(metrics.medianStartErrorMinutes.map { "\($0) min" } ?? "-", 13)
          + cell(Self.percent(metrics.nameAccuracy), 6))
    }
    lines.append(
      words.pick(
        "Hindsight limit (best fixed alarm per weekday, chosen after the fact): useful ",
        "Grenze im Nachhinein (bester fester Alarm je Wochentag, danach gewählt): nützlich ")
        + percent(hindsightUseful))
    lines.append("")
    lines.append(
      words.pick(
        "Useful per weekday      days  Spotter    B1    B2    B3",
        "Nützlich je Wochentag   Tage  Spotter    B1    B2    B3"))
    for weekday in Weekday.allCases {
      guard let day = weekdays[weekday.key], let spotter = day[BacktestStrategy.spotter.rawValue],
        spotter.trainingDays > 0
      else { continue }
      var line =
        words.shortWeekday(weekday).padding(toLength: 22, withPad: " ", startingAt: 0)
        + cell("\(spotter.trainingDays)", 6)
      line += cell(Self.percent(spotter.useful), 9)
      for strategy in Self.order.dropFirst() { line += cell(Self.percent(day[strategy.rawValue]?.useful), 6) }
      lines.append(line)
    }
    if let lead = suggestedLeadMinutes {
      lines.append("")
      let useful = percent(suggestedLeadUseful)
      if lead == leadMinutes {
        lines.append(
          words.pick(
            "lead_minutes = \(lead) already served best (useful \(useful)).",
            "lead_minutes = \(lead) war schon am besten (nützlich \(useful))."))
      } else {
        let now = percent(strategies["spotter"]?.useful)
        lines.append(
          words.pick(
            "Suggestion: [reminders] lead_minutes = \(lead) would have been useful on \(useful) of training days "
              + "(now \(now)).",
            "Vorschlag: [reminders] lead_minutes = \(lead) wäre an \(useful) der Trainingstage nützlich gewesen "
              + "(jetzt \(now))."))
      }
    }
    return lines.joined(separator: "\n")
  }
}
