import Foundation

/// The words dates are written with in the languages the apps ship, taken from the locale data
/// Foundation carries (CLDR, through ICU), not from a table of our own: month names full and
/// abbreviated, in their format and stand-alone forms; the AM/PM markers; the words a date
/// pattern puts between its numbers ("de", "г", "um"); weekday names; and the marks East Asian
/// dates put after each number (`年`, `月`, `日`; `년`, `월`, `일`).
///
/// Words are folded: lowercased, dots and spaces left out, so `Mai`, `mai.` and `MAI` are one.
/// Built once per process, on the first date that is not in English (about 10 ms).
struct CalendarWords: Sendable {
  /// The languages of Strong, Hevy and FitNotes and of the phones they run on, whose month
  /// names are tried first. The names themselves come from CLDR.
  static let appLanguages = [
    "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "sk", "hu", "ro", "tr",
    "ru", "uk", "el", "ja", "ko", "zh", "id", "ms", "th", "vi", "hr", "sl", "ca", "he", "ar", "hi", "bg",
    "sr", "lt", "lv", "et", "fil",
  ]

  /// Each folded month name or abbreviation, with its month (1...12) in each language that
  /// writes it so. A few differ between languages (`lis` is November in Polish and Czech,
  /// October in Croatian): the reader then keeps to the languages of the file's other names.
  var months: [String: [String: Int]] = [:]
  /// Beginnings of full month names that CLDR does not list as a name (`mär`, `sept`), looked
  /// up only for a word that is no listed name in any language: `mar` is March wherever CLDR
  /// writes it, and must not also be Finnish November because `marraskuu` begins so.
  var monthPrefixes: [String: [String: Int]] = [:]
  /// Folded AM/PM markers: true for PM.
  var markers: [String: Bool] = [:]
  /// The beginnings of the markers that are several words (`p`, of `p. m.`).
  var markerStarts: Set<String> = []
  /// Words a date may carry that say nothing of its value: pattern literals and weekdays.
  var fillers: Set<String> = []
  /// Every literal word of the languages' date patterns, markers of other languages included:
  /// `de` of Spanish `d 'de' MMMM` is one, though Hungarian's AM is `de.` too.
  var literals: Set<String> = []
  /// The languages whose date patterns hold each literal word (`o` of Polish `d MMM y 'o' HH:mm`):
  /// evidence of a text's language where a month's short name is shared (`lip`: Polish July,
  /// Croatian June).
  var literalLanguages: [String: Set<String>] = [:]
  /// Marks after a year, a month and a day number.
  var yearMarks: Set<String> = []
  var monthMarks: Set<String> = []
  var dayMarks: Set<String> = []
  /// The separators of all-number dates with the year last that every language writing one so
  /// puts day first: CLDR writes `d.M.y` (German, Russian, Polish…) and `d-M-y` (Dutch), and no
  /// language `M.d.y`; only `/` is both (`M/d/y` in English, `d/M/y` in French). A file of
  /// `05.06.2026` dates alone, all of them 12 or under, is read day first by this, where it was
  /// refused as readable both ways.
  var dayFirstSeparators: Set<Character> = []

  static let shared = CalendarWords(languages: appLanguages)

  /// `text` lowercased, without dots and blanks.
  static func fold(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.lowercased().unicodeScalars.filter {
          !($0.properties.isWhitespace || $0 == "." || $0 == "\u{5F3}" || $0 == "\u{970}")
        }))
  }

  init(languages: [String]) {
    let formatter = DateFormatter()
    var markerVotes: [String: Set<Bool>] = [:]
    // Each separator of an all-number date with the year last, and whether the languages that
    // write one put the day first.
    var orders: [Character: Set<Bool>] = [:]
    for language in languages {
      let locale = Locale(identifier: language)
      formatter.locale = locale
      // Gregorian months whatever the locale's own calendar (Persian, Buddhist).
      formatter.calendar = Calendar(identifier: .gregorian)
      for list in [
        formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols,
        formatter.shortStandaloneMonthSymbols,
      ] {
        for (index, name) in (list ?? []).enumerated() {
          months[Self.fold(name), default: [:]][language] = index + 1
        }
      }
      // An abbreviation is the full name cut short: `Mär` and `Sept` as well as CLDR's `März`, `Sep`.
      for list in [formatter.monthSymbols, formatter.standaloneMonthSymbols] {
        for (index, name) in (list ?? []).enumerated() {
          let full = Array(Self.fold(name))
          guard full.count > 3 else { continue }
          for length in 3..<full.count {
            let prefix = String(full[0..<length])
            if monthPrefixes[prefix]?[language] == nil {
              monthPrefixes[prefix, default: [:]][language] = index + 1
            }
          }
        }
      }
      markerVotes[Self.fold(formatter.amSymbol), default: []].insert(false)
      markerVotes[Self.fold(formatter.pmSymbol), default: []].insert(true)
      // The markers as a pattern's `a` prints them, which may be shorter than the symbols
      // (Hebrew `אח׳` for `אחה״צ`): formatted at 09:00 and 15:00.
      let marking = DateFormatter()
      marking.locale = locale
      marking.timeZone = TimeZone(identifier: "UTC")
      for pattern in ["a", "aaaa"] {
        marking.dateFormat = pattern
        markerVotes[Self.fold(marking.string(from: Date(timeIntervalSince1970: 9 * 3600))), default: []]
          .insert(false)
        markerVotes[Self.fold(marking.string(from: Date(timeIntervalSince1970: 15 * 3600))), default: []]
          .insert(true)
      }
      for list in [formatter.weekdaySymbols, formatter.shortWeekdaySymbols] {
        for name in list ?? [] { fillers.insert(Self.fold(name)) }
      }
      for template in ["yMMMdjmm", "yMMMMdjmm", "yMdjmm", "yMMMEdjmm"] {
        guard let pattern = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale)
        else { continue }
        readLiterals(of: pattern, language: language)
      }
      if let pattern = DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: locale),
        let order = Self.numericOrder(of: pattern)
      {
        orders[order.separator, default: []].insert(order.dayFirst)
      }
    }
    dayFirstSeparators = Set(orders.filter { $0.value == [true] }.keys)
    markerVotes["am", default: []].insert(false)
    markerVotes["pm", default: []].insert(true)
    for (marker, votes) in markerVotes where votes.count == 1 && !marker.isEmpty {
      markers[marker] = votes.first!
    }
    for marker in markers.keys {
      let characters = Array(marker)
      for length in 1..<max(characters.count, 1) { markerStarts.insert(String(characters[0..<length])) }
    }
    literals = fillers
    // Listed names win over beginnings in every language.
    for name in months.keys { monthPrefixes[name] = nil }
    fillers.subtract(markers.keys)
    fillers.subtract(months.keys)
    fillers.subtract(monthPrefixes.keys)
  }

  /// The separator after the first field of an all-number date pattern with the year last
  /// (`d.M.y`, `M/d/yy`), and whether that field is the day; nil for any other pattern.
  static func numericOrder(of pattern: String) -> (separator: Character, dayFirst: Bool)? {
    let fields = pattern.filter { $0 == "y" || $0 == "M" || $0 == "d" || $0 == "L" }
    guard !pattern.contains("MMM"), !pattern.contains("LLL"), let first = fields.first, first != "y",
      fields.last == "y", let start = pattern.firstIndex(of: first)
    else { return nil }
    guard let separator = pattern[start...].first(where: { $0 != first }), !separator.isLetter else {
      return nil
    }
    return (separator, first == "d")
  }

  /// Collects the literal words of a date pattern, and the marks that follow its `y`, `M`
  /// and `d` fields when they are letters.
  private mutating func readLiterals(of pattern: String, language: String) {
    var literal = ""
    var lastField: Character?
    var quoted = false
    func flush() {
      for word in literal.split(whereSeparator: { !$0.isLetter }) {
        let folded = Self.fold(String(word))
        guard !folded.isEmpty else { continue }
        switch lastField {
        case "y" where literal.first?.isLetter == true: yearMarks.insert(folded)
        case "M" where literal.first?.isLetter == true: monthMarks.insert(folded)
        case "d" where literal.first?.isLetter == true: dayMarks.insert(folded)
        default:
          fillers.insert(folded)
          literalLanguages[folded, default: []].insert(language)
        }
      }
      literal = ""
    }
    for character in pattern {
      if character == "'" {
        quoted.toggle()
        continue
      }
      if !quoted, character.isASCII, character.isLetter {
        if !literal.isEmpty { flush() }
        lastField = character
      } else {
        literal.append(character)
      }
    }
    flush()
  }
}
