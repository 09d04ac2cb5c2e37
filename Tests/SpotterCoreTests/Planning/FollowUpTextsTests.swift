import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

/// The seeds' texts for follow-up reminders, word for word, in both languages.
@Suite struct FollowUpTextsTests {
  let de = ReminderTexts(language: .de, privacy: .standard)
  let en = ReminderTexts(language: .en, privacy: .standard)
  let record = Achievement(
    key: "k", kind: .weightRecord, sessionID: "s", date: TestZones.date("2026-11-20"), earnedAt: Date(),
    exercise: "Bankdrücken", value: 105, previous: 100, reps: 8)

  @Test func overloadSuggestion() {
    let bench = LiftMatcher(names: ["bench press"]).lift(for: "Bench Press (Barbell)")!
    #expect(
      de.overload(lift: bench, weight: 100, unit: .kilograms, sessions: 3, suggestion: 102.5)
        == ("Zeit für mehr Gewicht? 💪", "Bankdrücken 100 kg: 3x erfolgreich. Versuch 102,5 kg!"))
    #expect(
      en.overload(lift: bench, weight: 225, unit: .pounds, sessions: 3, suggestion: 230)
        == ("Time for more weight? 💪", "Bench Press 225 lb: 3x successful. Try 230 lb!"))
  }

  /// What a calendar's week view shows: the workout, or the lift and the weight to try; the
  /// generic title under minimal privacy.
  @Test func eventSummariesNameTheWorkoutOrLift() {
    let bench = LiftMatcher(names: ["bench press"]).lift(for: "Bench Press (Barbell)")!
    let step = ReminderTexts.OverloadStep(
      lift: bench, weight: 100, unit: .kilograms, sessions: 3, suggestion: 102.5)
    #expect(en.overloadSummary([step]) == "Bench Press 102.5 kg?")
    #expect(de.overloadSummary([step]) == "Bankdrücken 102,5 kg?")
    #expect(en.workoutSummary(workoutName: "Push Day") == "Push Day")
    #expect(en.workoutSummary(workoutName: nil) == nil)
    let minimal = ReminderTexts(language: .en, privacy: .minimal)
    #expect(minimal.overloadSummary([step]) == nil)
    #expect(minimal.workoutSummary(workoutName: "Push Day") == nil)
  }

  @Test func oneSuggestionNamesEveryLiftOfTheSession() {
    let matcher = LiftMatcher(names: ["bench press", "overhead press"])
    let bench = matcher.lift(for: "Bench Press (Barbell)")!
    let press = matcher.lift(for: "Overhead Press (Barbell)")!
    let steps = [
      ReminderTexts.OverloadStep(lift: bench, weight: 100, unit: .kilograms, sessions: 3, suggestion: 102.5),
      ReminderTexts.OverloadStep(lift: press, weight: 50, unit: .kilograms, sessions: 4, suggestion: 52.5),
    ]
    #expect(
      de.overload(steps)
        == (
          "Zeit für mehr Gewicht? 💪",
          "Bankdrücken 100 kg 3x, Schulterdrücken 50 kg 4x erfolgreich. Versuch Bankdrücken 102,5 kg, "
            + "Schulterdrücken 52,5 kg!"
        ))
    #expect(
      en.overload(steps)
        == (
          "Time for more weight? 💪",
          "Bench Press 100 kg 3x, Overhead Press 50 kg 4x successful. Try Bench Press 102.5 kg, "
            + "Overhead Press 52.5 kg!"
        ))
  }

  @Test func oneRecordInFullAndSeveralBatched() {
    #expect(
      de.achievements([record]) == (
        "Neuer Personal Record! 🎉", "Bankdrücken: 105 kg × 8 (Vorher: 100 kg × 8)"
      ))
    var squat = record
    squat.exercise = "Squat"
    squat.value = 140
    squat.previous = 135
    squat.reps = 5
    var bench = record
    bench.exercise = "Bench Press"
    let streak = Achievement(
      key: "s", kind: .streak, sessionID: "s", date: record.date, earnedAt: Date(), value: 7)
    let (title, body) = en.achievements([bench, squat, streak])
    #expect(title == "3 new achievements! 🎉")
    #expect(
      body
        == "2 new records: Bench Press 105 kg × 8 (before 100 kg × 8), Squat 140 kg × 5 (before 135 kg × 5); 7-day streak"
    )
    #expect(en.achievements([bench, squat]).0 == "2 new records! 🎉")
  }

  @Test func milestonesAreGroupedByLanguage() {
    let volume = Achievement(
      key: "v", kind: .volume, sessionID: "s", date: record.date, earnedAt: Date(), value: 100_000)
    #expect(en.achievements([volume]).0 == "100,000 kg lifted! 🏋️")
    #expect(de.achievements([volume]).1 == "Du hast insgesamt 100.000 kg gehoben.")
  }

  @Test func minimalPrivacyHidesTheWorkoutName() {
    let minimal = ReminderTexts(language: .de, privacy: .minimal)
    #expect(
      minimal.pausedWorkout(workoutName: "Push-Tag", at: nil) == (
        "Pausiertes Workout", "Du hast dein Workout pausiert. Fortsetzen?"
      ))
  }
}
