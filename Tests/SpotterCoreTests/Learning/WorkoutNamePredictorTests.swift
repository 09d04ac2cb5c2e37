import SpotterCore
import Testing
import _SpotterTestSupport

@Suite struct WorkoutNamePredictorTests {
  /// Sessions every other day from 2026-09-01, named in turn.
  func history(_ names: [String], every days: Int = 2) -> [(date: LocalDate, name: String)] {
    names.enumerated().map { (TestZones.date("2026-09-01").adding(days: $0.offset * days), $0.element) }
  }

  func next(_ names: [String], count: Int = 1, every days: Int = 2) -> [String?] {
    let past = history(names, every: days)
    let last = past.last?.date ?? TestZones.date("2026-09-01")
    return WorkoutNamePredictor(sessions: past).names(for: (1...count).map { last.adding(days: $0 * days) })
  }

  @Test func aRotationContinuesInItsOrder() {
    let names = ["Push", "Pull", "Legs", "Push", "Pull", "Legs", "Push"]
    #expect(next(names, count: 4) == ["Pull", "Legs", "Push", "Pull"])
  }

  @Test func caseAndSpacingDoNotSplitADay() {
    #expect(next(["Legs", "Push", "legs ", "push", "LEGS"]) == ["push"])
  }

  @Test func numberedDaysCountOnAndNumberedWeeksFollowTheirShape() {
    #expect(next(["SBS2 - Day 9", "SBS2 - Day 10", "SBS2 - Day 11"]) == ["SBS2 - Day 12"])
    let weeks = [
      "Lower // Week 1", "Upper // Week 1", "Lower // Week 2", "Upper // Week 2", "Lower // Week 3",
    ]
    #expect(next(weeks) == ["Upper // Week 3"])
  }

  @Test func autoTitlesAreNeverAProgram() {
    #expect(next(["Evening Workout", "Evening Workout", "Morning workout 🏋️"], count: 2) == [nil, nil])
    // A program between auto-titles is still learned from its own days.
    let mixed = [
      "Push", "Evening Workout", "Pull", "Push", "Pull", "Push", "Pull", "Afternoon Workout", "Push",
    ]
    #expect(next(mixed) == ["Pull"])
  }

  @Test func weekdayNamesWinWhenTheyNameTheDaysBetter() {
    // Mondays are "Montag", Wednesdays "Mittwoch", Fridays "Freitag", whatever came before.
    var past: [(date: LocalDate, name: String)] = []
    var date = TestZones.date("2026-09-07")
    for _ in 0..<6 {
      past += [(date, "Montag"), (date.adding(days: 2), "Mittwoch"), (date.adding(days: 4), "Freitag")]
      date = date.adding(days: 7)
    }
    past.removeLast()  // No Friday this last week: the rotation would say Friday next.
    let monday = date
    #expect(WorkoutNamePredictor(sessions: past).names(for: [monday]) == ["Montag"])
  }

  @Test func nothingKnownPredictsNothing() {
    #expect(WorkoutNamePredictor(sessions: []).names(for: [TestZones.date("2026-09-01")]) == [nil])
  }
}
