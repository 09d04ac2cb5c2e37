import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// The apps' titles for the time of day, in every language they ship, are never a program day;
/// a program's name is, whatever it holds.
@Suite struct WorkoutTitleTests {
  @Test(arguments: [
    "Morning Workout", "Evening Workout", "Afternoon workout 🏋️", "Night Workout", "Abend-Workout",
    "Morgen-Workout", "Abendtraining", "Vormittagstraining", "Entraînement du soir",
    "Entraînement de l’après-midi", "Treino da manhã", "Treino da noite", "下午锻炼", "上午锻炼",
    "Entrenamiento por la tarde noche", "Entrenamiento de mediodía", "Entrenamiento por la mañana",
    "Allenamento serale", "Allenamento pomeridiano", "Ochtendtraining", "Avondtraining",
    "朝のワークアウト", "夜のワークアウト", "저녁 운동", "아침 운동", "Вечерняя тренировка",
    "Утренняя тренировка", "Wieczorny trening", "Akşam antrenmanı", "Sabah Antrenmanı",
    "Öğle antrenmanı 💪", "Sabah antrenmanı ☀️",
  ])
  func timeOfDayTitlesAreNoProgram(_ title: String) {
    #expect(WorkoutTitle.programName(title) == nil, "\(title)")
  }

  @Test(arguments: [
    "Push Day", "Morning Legs", "Evening Push", "Séance A", "Mittwoch", "Day 3", "Treino A", "Abend Beine",
    "Upper Body", "Legs & Core", "Ganzkörper", "4.Pull", "Workout A", "Full Body Workout", "Leg Day Training",
  ])
  func programNamesStay(_ title: String) {
    #expect(WorkoutTitle.programName(title) != nil, "\(title)")
  }

  /// The fast search for the workout word finds what Foundation's finds, in ASCII keys and in
  /// others, composed or decomposed.
  @Test(arguments: [
    "evening workout", "workouts", "work out", "wörkout", "abendtraining", "treinamento", "workou",
    "tre\u{301}ning reggel", "tréning reggel", "entrai\u{302}nement du soir", "下午训练", "朝のワークアウト",
    "저녁 운동", "push day", "", "w", "trening",
  ])
  func theWorkoutWordIsFoundAsFoundationFindsIt(_ key: String) {
    #expect(
      WorkoutTitle.containsWorkoutWord(key) == WorkoutTitle.workoutWords.contains { key.contains($0) },
      "\(key)")
  }

  /// An ASCII name's key, made a byte at a time, is the key made a Unicode scalar at a time:
  /// every ASCII byte alone, between letters and at the ends, and thousands of names drawn from
  /// letters of both cases, digits, every kind of ASCII white space and punctuation.
  @Test func anASCIINamesKeyIsTheScalarKey() {
    var names = (0..<128).flatMap { byte -> [String] in
      let text = String(Unicode.Scalar(UInt8(byte)))
      return [text, "a\(text)B", "\(text) Push Day \(text)", "\(text)\(text)x"]
    }
    var generator = SeededGenerator(seed: 46)
    let pieces = [
      "Push", "DAY", "day", "3", "12", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "-", "//", ".",
      "!", "#", "$", "+", "~", "_", "(A)", "'", "\"", "@", "\u{1F}", "\u{7F}",
    ]
    for _ in 0..<5_000 {
      names.append(
        (0..<Int.random(in: 1...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
          .joined())
    }
    for name in names {
      #expect(WorkoutTitle.asciiKey(name) == WorkoutTitle.scalarKey(name), "\(name.debugDescription)")
    }
    #expect(WorkoutTitle.asciiKey("Séance A") == nil)
    #expect(WorkoutTitle.key("  Push   Day! ") == "push day")
  }
}
