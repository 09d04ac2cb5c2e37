import Foundation

/// The words for the times of day ("morning", "abends", "du soir", "下午", "утра") in the
/// languages the apps ship, taken from CLDR's day periods through Foundation (the `B` pattern
/// field at every hour), and the small words that join them ("in the", "de la"), which a
/// language repeats across its periods.
///
/// Apps name an unnamed workout after the time it started, in the phone's language; these are
/// the words that tell such a title whatever the language.
struct DayPeriodWords: Sendable {
  /// The languages of Strong, Hevy and FitNotes and of the phones they run on.
  static let languages = [
    "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "sk", "hu", "ro", "tr",
    "ru",
    "uk", "el", "ja", "ko", "zh", "id", "ms", "th", "vi", "hr", "sl", "ca", "he", "ar", "hi", "bg", "sr",
  ]

  /// Words that name a time of day, lowercased.
  var periods: Set<String> = []
  /// Words that join them, lowercased.
  var joiners: Set<String> = []

  static let shared = DayPeriodWords()

  /// The words of `text`, lowercased, split at anything that is not a letter.
  static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter }.map(String.init)
  }

  init() {
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: "Etc/UTC")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = formatter.timeZone
    for language in Self.languages {
      formatter.locale = Locale(identifier: language)
      var phrases: Set<String> = []
      for pattern in ["BBBB", "B"] {
        formatter.dateFormat = pattern
        for hour in 0..<24 {
          guard let date = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: hour))
          else { continue }
          phrases.insert(formatter.string(from: date))
        }
      }
      var uses: [String: Int] = [:]
      for phrase in phrases { for word in Set(Self.words(phrase)) { uses[word, default: 0] += 1 } }
      for (word, count) in uses {
        // A word in several periods' phrases joins them ("in", "de"); one in a single phrase (or
        // a phrase and its abbreviation) names the period.
        if count > 2 || word.count < 3 && !(word.first.map(Self.isWide) ?? false) {
          joiners.insert(word)
        } else {
          periods.insert(word)
        }
      }
    }
    periods.subtract(joiners)
  }

  /// Whether `character` is written without spaces between words (Han, kana, Hangul).
  static func isWide(_ character: Character) -> Bool {
    character.unicodeScalars.first.map {
      $0.properties.isIdeographic || (0x3040...0x30FF).contains($0.value)
        || (0xAC00...0xD7AF).contains($0.value)
    } ?? false
  }

  /// Whether the title word `word` is `period`, or a form of it: the same stem in another case
  /// or a compound's first part (`abend` of `abends`, `утренняя` of `утра`, `serale` of `sera`).
  static func matches(_ word: String, _ period: String) -> Bool {
    if word == period { return true }
    if let first = period.first, isWide(first) { return false }
    let shared = zip(word, period).prefix { $0 == $1 }.count
    let shorter = min(word.count, period.count)
    return shared >= 3 && (shared >= 5 || shared >= shorter - 1)
  }

  /// Whether `word` names a time of day.
  func isPeriod(_ word: String) -> Bool {
    if periods.contains(word) { return true }
    return periods.contains { Self.matches(word, $0) }
  }

  /// Whether `text`, the start of a compound or a word written without spaces (`下午`, `朝の`),
  /// names a time of day, allowing one joining character after it.
  func isPeriodPrefix(_ text: String) -> Bool {
    if isPeriod(text) { return true }
    return periods.contains { period in
      guard let first = period.first, Self.isWide(first), text.hasPrefix(period) else { return false }
      return text.count - period.count <= 1
    }
  }
}
