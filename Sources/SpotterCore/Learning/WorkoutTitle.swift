import Foundation

/// What a workout's name says: a program day ("Push Day", "Day 3"), or just an app's title for
/// the time of day ("Evening Workout", "Morning workout 🏋️", "下午锻炼").
///
/// Strong and Hevy name an unnamed workout after the time it started. Such a title says nothing
/// about what comes next, so it is never shown as the day's program and never learned as one.
public enum WorkoutTitle {
  /// The comparison key: case, spacing, emoji and punctuation at the ends do not count.
  public static func key(_ name: String) -> String {
    asciiKey(name) ?? scalarKey(name)
  }

  /// ``key(_:)`` of any name, a Unicode scalar at a time.
  static func scalarKey(_ name: String) -> String {
    let trimmed = name.unicodeScalars.filter { scalar in
      !(scalar.properties.isEmojiPresentation || scalar.properties.isEmoji && scalar.value > 0xFF
        || scalar.value == 0xFE0F || scalar.value == 0x200D)
    }
    return String(String.UnicodeScalarView(trimmed)).lowercased().split(whereSeparator: \.isWhitespace)
      .joined(separator: " ").trimmingScalars(in: edges)
  }

  /// What ``key(_:)`` trims from the ends, made once: a union of character sets per name was
  /// a tenth of the night's name reading.
  private static let edges = CharacterSet.punctuationCharacters.union(.whitespaces)

  /// ``key(_:)`` of an ASCII name, byte by byte; nil for any other name.
  ///
  /// No ASCII scalar is an emoji the key drops, and lowering, splitting at white space and
  /// trimming ``edges`` each act on one byte at a time, as the tables below (made from the same
  /// Unicode properties) say: so the key is the same, for a twentieth of the cost, which was
  /// 20,000 instructions a name each night.
  static func asciiKey(_ name: String) -> String? {
    name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      var key: [UInt8] = []
      key.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        guard !asciiWhitespace[Int(bytes[index])] else {
          index += 1
          continue
        }
        if !key.isEmpty { key.append(0x20) }
        while index < bytes.count, !asciiWhitespace[Int(bytes[index])] {
          let byte = bytes[index]
          key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
          index += 1
        }
      }
      guard let first = key.firstIndex(where: { !asciiEdges[Int($0)] }),
        let last = key.lastIndex(where: { !asciiEdges[Int($0)] })
      else { return "" }
      return String(decoding: key[first...last], as: UTF8.self)
    } ?? nil
  }

  /// Which ASCII bytes are white space as `Character.isWhitespace` says.
  private static let asciiWhitespace: [Bool] = (0..<128).map {
    Character(Unicode.Scalar(UInt8($0))).isWhitespace
  }
  /// Which ASCII bytes are in ``edges``.
  private static let asciiEdges: [Bool] = (0..<128).map { edges.contains(Unicode.Scalar(UInt8($0))) }

  /// The name as a program day, or nil when it is empty or an app's auto-title.
  public static func programName(_ name: String) -> String? {
    let key = key(name)
    guard !key.isEmpty, !autoTitles.contains(key), !isTimeOfDayTitle(key) else { return nil }
    return name.trimmingScalars(in: .whitespaces)
  }

  /// The word the apps put beside the time of day, in their languages ("Evening Workout",
  /// "Abend-Workout", "Treino da manhã", "下午锻炼"); CLDR has no word for a workout.
  static let workoutWords: [String] = [
    "workout", "training", "trening", "træning", "träning", "treening", "tréning", "trénink", "treino",
    "treinamento", "entraînement", "entrainement", "entrenamiento", "entreno", "allenamento", "antrenman",
    "antrenmanı", "harjoitus", "edzés", "latihan", "тренировка", "тренування", "тренировки", "προπόνηση",
    "锻炼", "鍛鍊", "训练", "訓練", "ワークアウト", "トレーニング", "운동",
  ]

  /// Whether `key` holds one of ``workoutWords``.
  ///
  /// An ASCII key can hold only the ASCII words, and byte for byte: no other spelling of them is
  /// canonically equivalent. Only other keys go through Foundation's search, whose trip through
  /// `NSString` for each of 31 words made this the costliest reading of a name on a night.
  static func containsWorkoutWord(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return workoutWords.contains { key.contains($0) } }
    return asciiWorkoutWords.contains { word in
      guard word.count <= bytes.count else { return false }
      return (0...bytes.count - word.count).contains { start in
        word.indices.allSatisfy { bytes[start + $0] == word[$0] }
      }
    }
  }

  /// The ASCII ones of ``workoutWords``, as bytes.
  private static let asciiWorkoutWords: [[UInt8]] = workoutWords.map { Array($0.utf8) }.filter {
    $0.allSatisfy { $0 < 0x80 }
  }

  /// Whether `key` is a time of day and the word for a workout, in any language the apps ship,
  /// and nothing more: every word names a time of day (CLDR's day periods), is the workout word,
  /// or joins them. A program day beside a time ("Morning Legs") stays a name.
  static func isTimeOfDayTitle(_ key: String) -> Bool {
    // Without the workout word it is no auto-title: most names never need CLDR's words.
    guard containsWorkoutWord(key) else { return false }
    let periods = DayPeriodWords.shared
    var sawPeriod = false
    var sawWorkout = false
    for word in DayPeriodWords.words(key) {
      if workoutWords.contains(word) {
        sawWorkout = true
      } else if periods.isPeriod(word) {
        sawPeriod = true
      } else if let workout = workoutWords.first(where: { word.hasSuffix($0) && word.count > $0.count }),
        periods.isPeriodPrefix(String(word.dropLast(workout.count)))
      {
        // A compound: "Abendtraining", "ochtendtraining", "下午锻炼", "朝のワークアウト".
        sawPeriod = true
        sawWorkout = true
      } else if periods.joiners.contains(word) || word.count <= 3 && !DayPeriodWords.isWide(word.first!) {
        continue
      } else {
        return false
      }
    }
    return sawPeriod && sawWorkout
  }

  /// The auto-titles of Strong and Hevy in the languages they ship, as keys.
  static let autoTitles: Set<String> = {
    let parts = ["morning", "midday", "noon", "lunch", "afternoon", "evening", "night", "late night"]
    var titles = Set(parts.map { "\($0) workout" })
    titles.formUnion([
      // German, French, Spanish, Italian, Portuguese, Dutch.
      "morgentraining", "vormittagstraining", "mittagstraining", "nachmittagstraining", "abendtraining",
      "nachttraining", "entraînement du matin", "entraînement de midi", "entraînement de l'après-midi",
      "entraînement du soir", "entraînement de nuit", "entrenamiento matutino", "entrenamiento de mediodía",
      "entrenamiento de la tarde", "entrenamiento nocturno", "entrenamiento de la mañana",
      "allenamento mattutino", "allenamento di mezzogiorno", "allenamento pomeridiano", "allenamento serale",
      "allenamento notturno", "treino da manhã", "treino do meio-dia", "treino da tarde", "treino da noite",
      "treino noturno", "ochtendtraining", "middagtraining", "avondtraining", "nachttraining",
      // Chinese (simplified and traditional), Japanese, Korean, Russian, Polish.
      "早晨锻炼", "上午锻炼", "午间锻炼", "中午锻炼", "下午锻炼", "晚间锻炼", "夜间锻炼", "早晨鍛鍊", "上午鍛鍊",
      "午間鍛鍊", "下午鍛鍊", "晚間鍛鍊", "夜間鍛鍊", "朝のワークアウト", "昼のワークアウト", "午後のワークアウト",
      "夜のワークアウト", "아침 운동", "점심 운동", "오후 운동", "저녁 운동", "밤 운동", "утренняя тренировка",
      "дневная тренировка", "вечерняя тренировка", "ночная тренировка", "poranny trening",
      "popołudniowy trening",
      "wieczorny trening", "nocny trening",
    ])
    return titles
  }()
}
