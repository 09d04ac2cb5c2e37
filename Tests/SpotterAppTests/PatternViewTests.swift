import Foundation
import SpotterApp
import SpotterCore
import Testing
import _SpotterTestSupport

/// What `spotter pattern` says about reactions, rendered in process.
@Suite struct PatternViewTests {
  @Test func reactionsThatMovedAWeekdayAreExplained() {
    var monday = WeekdayPattern(
      weekday: .monday, probability: 0.9, confidence: 0.9, sessionCount: 8,
      plannedStart: LocalTime(hour: 18, minute: 40),
      spreadMinutes: 5, typicalDurationMinutes: 60,
      reactions: WeekdayReactions(days: 4, snoozed: 3, declined: 0, alarmLaterMinutes: 40))
    monday.startSource = "weekday"
    let wednesday = WeekdayPattern(
      weekday: .wednesday, probability: 0.6, confidence: 0.3, sessionCount: 6, plannedStart: nil,
      spreadMinutes: nil,
      typicalDurationMinutes: nil,
      reactions: WeekdayReactions(days: 4, snoozed: 0, declined: 2, confidenceBefore: 0.6))
    let weekdays = Weekday.allCases.map { day in
      day == .monday
        ? monday
        : day == .wednesday
          ? wednesday
          : WeekdayPattern(
            weekday: day, probability: 0, confidence: 0, sessionCount: 0, plannedStart: nil,
            spreadMinutes: nil,
            typicalDurationMinutes: nil)
    }
    let pattern = TrainingPattern(
      asOf: LocalDate(parsing: "2026-11-22")!, weekdays: weekdays,
      heat: Array(repeating: Array(repeating: 0, count: 24), count: 7), sessionsConsidered: 14,
      habitChange: false)
    let view = PatternView(
      pattern: pattern, settings: Settings(timeZone: TimeZone(identifier: "Europe/Berlin")!))
    #expect(
      view.reactionLines() == [
        "Mon: alarm 40 min later: snoozed 3 of the last 4 Mondays",
        "Wed: confidence 0.60 → 0.30: 2 of the last 4 Wednesdays skipped or without a session after the reminder",
      ])
    #expect(view.text().contains("Mon: alarm 40 min later"))
    // Each day says in words why it is reminded or not; a spread needs three starts.
    let text = view.text()
    #expect(text.contains("yes: you train most Mondays"), "\(text)")
    #expect(text.contains("no: reminders there were skipped or ignored"), "\(text)")
    #expect(text.contains("no: no Tuesday trained yet"), "\(text)")
    #expect(text.contains("a day is reminded from"))
    #expect(!text.contains("±0m"))
  }

  /// A day just under the threshold is shown under it: 0.446 beside "a day is reminded from 0.45"
  /// reads "0.44", never "0.45" and "no". At or above the threshold, the plan's rounding.
  @Test func aConfidenceJustUnderTheThresholdIsShownUnderIt() {
    let weekdays = Weekday.allCases.map { day in
      WeekdayPattern(
        weekday: day, probability: 0.446, confidence: day == .monday ? 0.446 : day == .tuesday ? 0.455 : 0.1,
        sessionCount: 6, plannedStart: LocalTime(hour: 18, minute: 0), spreadMinutes: nil,
        typicalDurationMinutes: nil)
    }
    let pattern = TrainingPattern(
      asOf: LocalDate(parsing: "2026-11-22")!, weekdays: weekdays,
      heat: Array(repeating: Array(repeating: 0, count: 24), count: 7), sessionsConsidered: 14)
    let view = PatternView(pattern: pattern, settings: Settings(timeZone: TestZones.berlin))
    let rows = view.text().split(separator: "\n").map(String.init)
    let monday = rows.first { $0.hasPrefix("Mon ") && $0.contains("no:") } ?? ""
    let tuesday = rows.first { $0.hasPrefix("Tue ") && $0.contains("yes:") } ?? ""
    #expect(monday.contains(" 0.44 "), "\(rows)")
    #expect(tuesday.contains(" 0.46 "), "\(rows)")
    #expect(view.confidenceText(0.446, ConsoleWords(.de)) == "0,44")
  }

  /// Tomorrow in a silence: its row and a line under the table say so, with the last session's
  /// date; the other weekdays keep their own reasons.
  @Test func aSilenceIsSaid() {
    let weekdays = Weekday.allCases.map { day in
      WeekdayPattern(
        weekday: day, probability: 0.4, confidence: 0.3, sessionCount: 6,
        plannedStart: LocalTime(hour: 18, minute: 0), spreadMinutes: nil, typicalDurationMinutes: nil)
    }
    let pattern = TrainingPattern(
      asOf: LocalDate(parsing: "2026-11-22")!, weekdays: weekdays,
      heat: Array(repeating: Array(repeating: 0, count: 24), count: 7), sessionsConsidered: 14,
      silentSince: LocalDate(parsing: "2026-11-13")!)
    let view = PatternView(pattern: pattern, settings: Settings(timeZone: TestZones.berlin))
    let text = view.text()
    let rows = text.split(separator: "\n").map(String.init)
    #expect(rows.contains { $0.hasPrefix("Mon ") && $0.hasSuffix("no: nothing since 2026-11-13") }, "\(text)")
    #expect(
      rows.contains { $0.hasPrefix("Tue ") && $0.hasSuffix("no: fewer sessions there lately") }, "\(text)")
    #expect(text.contains("No session since 2026-11-13, longer than you usually leave"))
    #expect(view.text(words: ConsoleWords(.de)).contains("Kein Training seit 2026-11-13"))
  }

  /// Below three training days every confidence is 0, and each day says why in those words,
  /// not "fewer sessions there lately", which the first days of a new person are not.
  @Test func aHistoryOfTwoDaysSaysItIsNoPatternYet() {
    let clock = TestZones.berlinClock
    let sessions = ["2026-11-18", "2026-11-20"].map { date in
      let start = clock.instant(TestZones.date(date), LocalTime(hour: 17, minute: 55))
      return Session(
        id: "test-\(date)", source: .json, workoutName: "Workout", start: start,
        end: start.addingTimeInterval(3600), state: .completed)
    }
    let pattern = PatternLearner().learn(from: sessions, today: TestZones.date("2026-11-22"), clock: clock)
    #expect(!pattern.isPattern)
    let text = PatternView(pattern: pattern, settings: Settings(timeZone: TestZones.berlin)).text()
    // Every weekday's row gives the same reason.
    #expect(text.components(separatedBy: "no: fewer than 3 training days so far").count == 8, "\(text)")
    let program = PatternView(
      pattern: pattern, settings: Settings(timeZone: TestZones.berlin, program: [.wednesday: "Push"])
    ).text()
    #expect(program.contains("yes: [program] says Push"))
  }
}
