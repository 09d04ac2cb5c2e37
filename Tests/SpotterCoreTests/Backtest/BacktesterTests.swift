import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct BacktesterTests {
  let clock = TestZones.berlinClock
  let settings = Settings(timeZone: TestZones.berlinClock.timeZone)

  func days(from first: String, count: Int) -> [LocalDate] {
    (0..<count).map { TestZones.date(first).adding(days: $0) }
  }

  @Test func aCleanHabitIsServedPerfectlyAndTheBaselinesAreScoredOnTheSameDays() {
    let sessions = SessionFactory.weekly(
      [.monday, .wednesday, .friday], at: "18:00", weeks: 20, until: "2026-11-22",
      names: ["Push", "Pull", "Legs"])
    let report = Backtester(settings: settings).run(
      sessions: sessions, days: days(from: "2026-10-26", count: 28))
    let spotter = report.scores[.spotter]!
    #expect(spotter.trainingDays == 12)
    #expect(spotter.recall == 1 && spotter.precision == 1 && spotter.usefulRate == 1)
    #expect(spotter.lateRate == 0)
    #expect(spotter.nameAccuracy == 1)
    // Same weekday last week is right on every day of a fixed habit too.
    #expect(report.scores[.sameWeekdayLastWeek]!.usefulRate == 1)
    #expect(report.hindsightRate == 1)
    #expect(report.days.count == 28)
    #expect(report.suggestedLeadMinutes != nil)
  }

  /// Each replayed day says what `spotter plan` would have said that night: the confidence,
  /// and the reminder's reason or why there was none.
  @Test func eachDaySaysItsConfidenceAndWhy() throws {
    let sessions = SessionFactory.weekly(
      [.monday, .wednesday, .friday], at: "18:00", weeks: 20, until: "2026-11-22",
      names: ["Push", "Pull", "Legs"])
    let report = Backtester(settings: settings).run(
      sessions: sessions, days: days(from: "2026-11-16", count: 2))
    try #require(report.days.count == 2)
    let monday = report.days[0]
    let tuesday = report.days[1]
    #expect(monday.alarm != nil)
    #expect((monday.confidence ?? 0) >= settings.minimumConfidence)
    #expect(monday.reason?.contains("confidence") == true)
    #expect(tuesday.alarm == nil)
    #expect((tuesday.confidence ?? 1) < settings.minimumConfidence)
    #expect(tuesday.reason == ReminderTexts(language: .en, privacy: settings.privacy).restDayNote)
  }

  @Test func onlyWhatWasLoggedBeforeTheNightCounts() {
    // A single session on the replayed day itself cannot predict that day.
    let sessions = [SessionFactory.session("2026-11-02", "18:00")]
    let report = Backtester(settings: settings).run(
      sessions: sessions, days: days(from: "2026-11-02", count: 1))
    #expect(report.scores[.spotter]!.trainingDays == 1)
    #expect(report.scores[.spotter]!.hits == 0)
    #expect(report.scores[.sameWeekdayLastWeek]!.hits == 0)
  }

  @Test func theHindsightLimitIsTheBestFixedAlarmPerWeekday() {
    // Mondays at 08:00, 08:30 and 12:00: one alarm catches two of three.
    let starts: [(Weekday, Int)] = [(.monday, 480), (.monday, 510), (.monday, 720)]
    #expect(Backtester.hindsight(starts) == 2)
  }

  @Test func autoTitledDaysAreNotCountedForNames() {
    let score = Backtester.score(
      Backtester.Prediction(
        alarm: Date(timeIntervalSince1970: 0), start: Date(timeIntervalSince1970: 1800), name: nil),
      actual: Backtester.Actual(start: Date(timeIntervalSince1970: 1800), minute: 30, name: "Evening Workout")
    )
    #expect(score.useful == 1)
    #expect(score.namesCompared == 0)
  }

  /// The fresh-data mode's day: the second alarm fires only when no session started before it,
  /// and counts as useful when the first was not.
  @Test func theSecondAlarmIsSilencedByASessionBeforeIt() {
    let first = TestZones.instant("2026-11-23T07:00:00+01:00")
    let second = TestZones.instant("2026-11-23T17:30:00+01:00")
    let evening = FreshDataScore.day(
      first: first, second: second, start: TestZones.instant("2026-11-23T18:00:00+01:00"), trained: true)
    #expect(evening.usefulSingle == 0 && evening.usefulSecond == 1)
    #expect(evening.alarmsTrainingSingle == 1 && evening.alarmsTrainingSecond == 2)
    let morning = FreshDataScore.day(
      first: first, second: second, start: TestZones.instant("2026-11-23T07:30:00+01:00"), trained: true)
    #expect(morning.usefulSingle == 1 && morning.usefulSecond == 1 && morning.alarmsTrainingSecond == 1)
    let rest = FreshDataScore.day(first: first, second: second, start: nil, trained: false)
    #expect(rest.restDaysReminded == 1 && rest.alarmsRestSingle == 1 && rest.alarmsRestSecond == 2)
  }
}
