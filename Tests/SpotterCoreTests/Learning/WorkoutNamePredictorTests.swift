import Testing
import _SpotterTestSupport

@testable import SpotterCore

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

  /// Past the handful of names looked through in order, the names are looked up by hash: a
  /// rotation of twelve, spelt two ways, is read the same.
  @Test func aLongRotationContinuesWithItsLatestSpelling() {
    let days = [
      "Chest", "Back", "Legs", "Arms", "Shoulders", "Core", "Cardio", "Glutes", "Calves", "Mobility",
      "Grip", "Neck",
    ]
    let names = days + days.map { $0.uppercased() } + days.prefix(5)
    #expect(next(names, count: 3) == ["CORE", "CARDIO", "GLUTES"])
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

  /// Six weeks of Monday Upper, Wednesday Lower, Friday Arms, then two weeks with Monday and
  /// Wednesday swapped: the order and the weekdays' long record still say Upper for Monday, but
  /// the week now repeats exactly, and naming each day as a week before was right more often.
  @Test func aWeekThatRepeatsExactlyIsNamedAsTheWeekBefore() {
    var past: [(date: LocalDate, name: String)] = []
    var date = TestZones.date("2026-09-07")
    for week in 0..<8 {
      let (monday, wednesday) = week < 6 ? ("Upper", "Lower") : ("Lower", "Upper")
      past += [(date, monday), (date.adding(days: 2), wednesday), (date.adding(days: 4), "Arms")]
      date = date.adding(days: 7)
    }
    #expect(WorkoutNamePredictor(sessions: past).names(for: [date]) == ["Lower"])
  }

  @Test func twoDaysDoneInEitherOrderAreCompletedByTheOther() {
    // Monday chest, Tuesday back, then legs and shoulders on Wednesday and Friday in either order.
    // Neither the rotation after legs nor Friday's name alone says which is left.
    var past: [(date: LocalDate, name: String)] = []
    var monday = TestZones.date("2026-08-03")
    for week in 0..<7 {
      let (wednesday, friday) = week % 3 == 1 ? ("Shoulders", "Legs") : ("Legs", "Shoulders")
      past += [
        (monday, "Chest"), (monday.adding(days: 1), "Back"), (monday.adding(days: 2), wednesday),
        (monday.adding(days: 4), friday),
      ]
      monday = monday.adding(days: 7)
    }
    past += [(monday, "Chest"), (monday.adding(days: 1), "Back")]
    let friday = monday.adding(days: 4)
    let afterLegs = WorkoutNamePredictor(sessions: past + [(monday.adding(days: 2), "Legs")])
    let afterShoulders = WorkoutNamePredictor(sessions: past + [(monday.adding(days: 2), "Shoulders")])
    #expect(afterLegs.names(for: [friday, monday.adding(days: 7)]) == ["Shoulders", "Chest"])
    #expect(afterShoulders.names(for: [friday, monday.adding(days: 7)]) == ["Legs", "Chest"])
  }

  @Test func numbersMoveAsTheyMovedBetweenTheseDays() {
    // The week number moves on at Monday's lower day and stays for the rest of the week.
    let weeks = (1...3).flatMap { ["Lower \($0)", "Upper \($0)", "Full \($0)"] }
    #expect(next(weeks, count: 2) == ["Lower 4", "Upper 4"])
    #expect(next(Array(weeks.dropLast()), count: 2) == ["Full 3", "Lower 4"])
  }

  /// A reading kept from an earlier replay of the same history names the days as the replay
  /// does; another reading, given, is followed without a replay.
  @Test func aKeptReadingNamesAsItsReplay() {
    let past = history(["Push", "Pull", "Legs", "Push", "Pull", "Legs", "Push", "Legs", "Pull"], every: 1)
    let dates = (1...4).map { past.last!.date.adding(days: $0) }
    let replayed = WorkoutNamePredictor(sessions: past)
    let kept = WorkoutNamePredictor(sessions: past, reading: replayed.reading)
    #expect(kept.reading == replayed.reading)
    #expect(kept.names(for: dates) == replayed.names(for: dates))
    for reading in WorkoutNamePredictor.Reading.allCases {
      #expect(WorkoutNamePredictor(sessions: past, reading: reading).reading == reading)
    }
  }

  @Test func nothingKnownPredictsNothing() {
    #expect(WorkoutNamePredictor(sessions: []).names(for: [TestZones.date("2026-09-01")]) == [nil])
  }

  /// An ASCII key's shape, made a byte at a time, is the shape made a character at a time.
  @Test func anASCIIKeysShapeIsTheCharacterShape() {
    var keys = (0..<128).flatMap { byte -> [String] in
      let text = String(Unicode.Scalar(UInt8(byte)))
      return [text, "day \(text)1", "1\(text)2", "\(text)\(text)"]
    }
    var generator = SeededGenerator(seed: 45)
    let pieces = ["day", "7", "12", "0", " ", "//", "week", "#", "\r\n", "x9"]
    for _ in 0..<2_000 {
      keys.append(
        (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
          .joined())
    }
    for key in keys {
      #expect(
        WorkoutNamePredictor.asciiShape(key) == WorkoutNamePredictor.characterShape(key),
        "\(key.debugDescription)")
    }
    #expect(WorkoutNamePredictor.shape("upper // week 12") == "upper // week #")
    #expect(WorkoutNamePredictor.asciiShape("tag 3 ü") == nil)
  }
}
