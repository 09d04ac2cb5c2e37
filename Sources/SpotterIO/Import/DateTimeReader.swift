import Foundation
import SpotterCore

/// Reads the date-times of one file in whatever form the app wrote them: the phone's locale
/// decides the month names, the order of day and month, and the clock.
///
/// The forms are not listed: a text is split into numbers and words, the words are looked up in
/// ``CalendarWords`` (CLDR through Foundation), and the numbers take their places by what they
/// can be. `Jun 11, 2026, 1:01 PM`, `5 Mai 2026, 07:34`, `11.06.2026 13:01`, `6/11/26 1:01 PM`,
/// `2026年6月11日 下午1:01` and `11 июня 2026 г., 13:01` all read.
///
/// One reader serves one file, and what it learns holds for the whole file: which of day and
/// month comes first, and which languages its month names are in. A numeric date that could be
/// read both ways (`05/06/2026`) is read day first until the file says otherwise; ``finish()``
/// says whether the readings so far must be turned round, or that the file never told.
struct DateTimeReader {
  typealias Order = DateOrder

  /// A date-time as read, and whether it was read day first only for want of a reason.
  struct Reading {
    var value: LocalDateTime
    var provisional: Bool
  }

  /// The order the config gives, or the file has shown.
  private(set) var order: Order?
  /// Where the file showed each order: a first number over 12 (day first), a second (month first).
  private(set) var dayFirstAt: (line: Int, text: String)?
  private(set) var monthFirstAt: (line: Int, text: String)?
  /// A date read day first only for want of a reason, with day and month not equal.
  private(set) var ambiguousAt: (line: Int, text: String)?
  /// The languages every month name so far belongs to; nil before the first.
  private var languages: Set<String>?
  /// CLDR's words, built on the first date off the fast path: most files never need them.
  private var words: CalendarWords { CalendarWords.shared }

  init(order: Order? = nil) {
    self.order = order
  }

  /// What went wrong with a text that did not read, for the row error.
  enum Failure: Error, Equatable {
    case unreadable
    case bothOrders(dayFirst: Int, monthFirst: Int)
  }

  private struct Token {
    enum Kind: Equatable {
      case number(Int, digits: Int)
      case word(String)
    }
    var kind: Kind
    /// The character right after it, when that is punctuation.
    var next: Character?
  }

  /// Splits `text` into numbers (of any script's digits) and words, noting the separator after each.
  private static func tokens(_ text: String) -> [Token]? {
    var tokens: [Token] = []
    var number = 0
    var digits = 0
    var word = ""
    func close(_ next: Character?) {
      if digits > 0 {
        tokens.append(Token(kind: .number(number, digits: digits), next: next))
      } else if !word.isEmpty {
        tokens.append(Token(kind: .word(CalendarWords.fold(word)), next: next))
      }
      number = 0
      digits = 0
      word = ""
    }
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let properties = scalar.properties
      // Inside a word, a dot or a geresh between letters abbreviates (Thai `ม.ค.`, Hebrew): the
      // letters on both sides are one word, as CLDR's folded name is.
      if !word.isEmpty, scalar == "." || scalar == "\u{5F3}", index + 1 < scalars.count,
        scalars[index + 1].properties.isAlphabetic
      {
        continue
      }
      if properties.numericType == .decimal, let value = properties.numericValue {
        if !word.isEmpty { close(nil) }
        // Nine digits is no part of a date: stop before an overflow can.
        guard digits < 9 else { return nil }
        number = number * 10 + Int(value)
        digits += 1
      } else if properties.isAlphabetic || properties.isIdeographic
        || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
      {
        // Combining marks (Devanagari's nukta and vowel signs) belong to their letters' word.
        if digits > 0 { close(nil) }
        word.unicodeScalars.append(scalar)
      } else {
        close(properties.isWhitespace ? nil : Character(scalar))
      }
      if tokens.count > 16 { return nil }
    }
    close(nil)
    return tokens
  }

  /// The date-time `text` writes, read at `line`.
  mutating func read(_ text: String, line: Int) throws(Failure) -> Reading {
    guard text.utf8.count <= 100, let tokens = Self.tokens(text) else { throw .unreadable }
    var numbers: [(value: Int, digits: Int, next: Character?, mark: String?)] = []
    var month: Int?
    var pm: Bool?
    var pending = ""
    var skipNext = false
    // A month name several languages give different months, waiting for the text's other words.
    var sharedName: String?
    var hinted: Set<String> = []
    for (index, token) in tokens.enumerated() {
      if skipNext {
        skipNext = false
        continue
      }
      switch token.kind {
      case .number(let value, let digits):
        // A word left waiting to become a marker (`do`, of Czech `dop.`) was a filler (`Do.`).
        guard pending.isEmpty || words.fillers.contains(pending) else { throw .unreadable }
        pending = ""
        numbers.append((value, digits, token.next, nil))
      case .word(let word):
        if let languages = words.literalLanguages[word] { hinted.formUnion(languages) }
        if let last = numbers.indices.last, numbers[last].mark == nil,
          words.yearMarks.contains(word) || words.monthMarks.contains(word) || words.dayMarks.contains(word)
        {
          numbers[last].mark = word
          continue
        }
        if month == nil, sharedName == nil, pending.isEmpty || words.fillers.contains(pending) {
          if let found = monthNamed(word) {
            month = found
            pending = ""
            continue
          }
          if words.months[word] != nil {
            sharedName = word
            pending = ""
            continue
          }
        }
        // A month written as a word and its number (Vietnamese `thg 1`), one name in CLDR.
        if month == nil, pending.isEmpty || words.fillers.contains(pending), index + 1 < tokens.count,
          case .number(let value, let digits) = tokens[index + 1].kind, digits <= 2,
          let found = monthNamed(word + String(value))
        {
          month = found
          pending = ""
          skipNext = true
          continue
        }
        // A marker stands by the clock: after the date's numbers, or right after a clock's
        // minutes (`12:49 CH`). Elsewhere a word that is a marker in one language is a filler in
        // another: Spanish `de` of `2 de enero` is Hungarian's AM.
        let dateDone = numbers.count >= (month == nil && sharedName == nil ? 3 : 2)
        let afterClock = numbers.count >= 2 && numbers[numbers.count - 2].next == ":"
        if !(dateDone || afterClock), pending.isEmpty, words.literals.contains(word) {
          continue
        }
        // Markers may be several words (`p. m.`, `de la tarde` is one in CLDR's folding).
        pending += word
        if let marker = words.markers[pending] {
          pm = marker
          pending = ""
        } else if words.markerStarts.contains(pending) {
          continue  // `p` of `p. m.`: wait for the rest.
        } else if words.fillers.contains(pending) {
          pending = ""
        } else if let marker = words.markers[word] {
          // What waited was a filler after all.
          guard words.fillers.contains(String(pending.dropLast(word.count))) else { throw .unreadable }
          pm = marker
          pending = ""
        } else if words.fillers.contains(word), words.fillers.contains(String(pending.dropLast(word.count))) {
          pending = ""
        }
      }
    }
    guard pending.isEmpty || words.fillers.contains(pending) else { throw .unreadable }
    if month == nil, let sharedName {
      guard let found = monthNamed(sharedName, hinted: hinted) else { throw .unreadable }
      month = found
    }
    // The clock: the first number followed by ':' starts it; without one, the numbers after
    // the date's three.
    let dateCount = month == nil ? 3 : 2
    var clockStart =
      numbers.firstIndex { $0.next == ":" } ?? (numbers.count > dateCount ? dateCount : numbers.count)
    var dateNumbers = Array(numbers[..<clockStart])
    var clockNumbers = Array(numbers[clockStart...])
    // The clock first, as Vietnamese writes it (`12:49 CH 2 thg 1, 2026`): its two or three
    // numbers joined by colons, then the date.
    if clockStart == 0, numbers.count == dateCount + 2 || numbers.count == dateCount + 3 {
      clockStart = numbers.count - dateCount
      if clockStart == 3 && numbers[1].next != ":" { clockStart = 2 }
      clockNumbers = Array(numbers[..<clockStart])
      dateNumbers = Array(numbers[clockStart...])
    }
    guard dateNumbers.count == dateCount, (0...3).contains(clockNumbers.count), clockNumbers.count != 1
    else { throw .unreadable }
    var year: Int
    var monthValue: Int
    var day: Int
    var provisional = false
    // Read day first with nothing in the file or its language to say so.
    var unsettled = false
    // The order this date shows, kept once it is a date.
    var shown: Order?
    if let marked = markedDate(dateNumbers) {
      (year, monthValue, day) = marked
    } else if let month {
      // With a month name, the year is the number of four digits (or over 31), the other the day.
      let (a, b) = (dateNumbers[0], dateNumbers[1])
      if a.digits == 4 || a.value > 31 {
        (year, day) = (a.value, b.value)
      } else {
        (day, year) = (a.value, b.digits == 2 ? 2000 + b.value : b.value)
      }
      monthValue = month
    } else if dateNumbers[0].digits == 4 {
      (year, monthValue, day) = (dateNumbers[0].value, dateNumbers[1].value, dateNumbers[2].value)
    } else {
      let (a, b, y) = (dateNumbers[0].value, dateNumbers[1].value, dateNumbers[2])
      guard y.digits == 4 || y.digits == 2 else { throw .unreadable }
      year = y.digits == 2 ? 2000 + y.value : y.value
      if a > 12, b <= 12 {
        shown = .dayFirst
      } else if b > 12, a <= 12 {
        shown = .monthFirst
      }
      // A date that shows the order the file has shown the other way is the file's to answer,
      // when it is a date at all (`25/08/2026` after `08/25/2026`; `32/08/2026` is a typo).
      if shown == .dayFirst, let monthFirst = monthFirstAt, LocalDate(year: year, month: b, day: a) != nil {
        throw .bothOrders(dayFirst: line, monthFirst: monthFirst.line)
      }
      if shown == .monthFirst, let dayFirst = dayFirstAt, LocalDate(year: year, month: a, day: b) != nil {
        throw .bothOrders(dayFirst: dayFirst.line, monthFirst: line)
      }
      switch order ?? shown {
      case .monthFirst: (monthValue, day) = (a, b)
      case .dayFirst: (day, monthValue) = (a, b)
      case nil:
        (day, monthValue) = (a, b)
        provisional = a != b
        // Only `/` leaves the order open: every language writing `05.06.2026` or `05-06-2026`
        // means the 5th of June (``CalendarWords/dayFirstSeparators``, from CLDR). Such a date
        // stays provisional, so a later date of the file that shows month first still turns it.
        unsettled = provisional && !(dateNumbers[0].next.map(words.dayFirstSeparators.contains) ?? false)
      }
    }
    var hour = 0
    var minute = 0
    var second = 0
    if clockNumbers.count >= 2 {
      (hour, minute) = (clockNumbers[0].value, clockNumbers[1].value)
      if clockNumbers.count == 3 { second = clockNumbers[2].value }
    }
    if let pm {
      // 1–12, or 0–11 as Japanese writes them (`午後0:49` is 12:49).
      guard (0...12).contains(hour) else { throw .unreadable }
      if hour == 12 { hour = 0 }
      if pm { hour += 12 }
    }
    // A phone on the Thai solar calendar writes the Buddhist era's year (2569 for 2026): its
    // leap days are the Gregorian year's, so the year is moved back before the date is made.
    if ImportContext.buddhistEra.contains(year) { year -= 543 }
    guard hour < 24, minute < 60, second < 60,
      let date = LocalDate(year: year, month: monthValue, day: day)
    else { throw .unreadable }
    // Only a date that reads tells the file's order: a typo (`32/08/2026`) leaves it as it was.
    switch shown {
    case .dayFirst:
      if dayFirstAt == nil { dayFirstAt = (line, text) }
    case .monthFirst:
      if monthFirstAt == nil { monthFirstAt = (line, text) }
    case nil:
      if unsettled, ambiguousAt == nil { ambiguousAt = (line, text) }
    }
    if order == nil { order = shown }
    return Reading(
      value: LocalDateTime(date: date, secondOfDay: hour * 3600 + minute * 60 + second),
      provisional: provisional)
  }

  /// The month a folded word names, keeping to the languages of the file's earlier names
  /// where languages disagree.
  private mutating func monthNamed(_ word: String, hinted: Set<String> = []) -> Int? {
    // A name with a one-letter literal before it, as Hebrew writes `בינו׳` (`d בMMM y`).
    var found = words.months[word] ?? words.monthPrefixes[word]
    if found == nil, word.count > 3, words.literals.contains(String(word.prefix(1))) {
      found = words.months[String(word.dropFirst())]
    }
    guard let byLanguage = found else { return nil }
    var candidates = languages.map { known in byLanguage.filter { known.contains($0.key) } } ?? byLanguage
    // The text's own words say its language where the file has not yet.
    let narrowed = candidates.filter { hinted.contains($0.key) }
    if !narrowed.isEmpty, Set(candidates.values).count > 1 { candidates = narrowed }
    let chosen = candidates.isEmpty ? byLanguage : candidates
    let values = Set(chosen.values)
    guard values.count == 1, let month = values.first else { return nil }
    // Narrow only to languages that agree on this month.
    let agreeing = Set(byLanguage.filter { $0.value == month }.keys)
    languages =
      languages.map { $0.intersection(agreeing).isEmpty ? agreeing : $0.intersection(agreeing) } ?? agreeing
    return month
  }

  /// Year, month and day when the numbers carry East Asian marks (`2026年6月11日`).
  private func markedDate(_ numbers: [(value: Int, digits: Int, next: Character?, mark: String?)])
    -> (Int, Int, Int)?
  {
    guard numbers.count == 3, numbers.allSatisfy({ $0.mark != nil }) else { return nil }
    var year: Int?
    var month: Int?
    var day: Int?
    for number in numbers {
      guard let mark = number.mark else { return nil }
      if words.yearMarks.contains(mark) { year = number.value }
      if words.monthMarks.contains(mark) { month = number.value }
      if words.dayMarks.contains(mark) { day = number.value }
    }
    guard let year, let month, let day else { return nil }
    return (year, month, day)
  }

  /// Whether dates read day first for want of a reason must now be turned round (the file
  /// later showed month first); throws when the file never said, and some date can be read
  /// both ways.
  func finish(file: String, column: String) throws -> Bool {
    if order == .monthFirst { return true }
    if order == nil, let ambiguousAt {
      throw SpotterIOError.malformedRow(
        file: file, line: ambiguousAt.line, column: column, value: ambiguousAt.text,
        reason: Phrase(
          "every date in this file reads both day-month and month-day; say which with "
            + "[import] date_order = \"day-month\" or \"month-day\" in the config",
          de: "jedes Datum dieser Datei lässt sich als Tag-Monat und als Monat-Tag lesen; sag welches mit "
            + "[import] date_order = \"day-month\" oder \"month-day\" in der Konfiguration"))
    }
    return false
  }
}

extension LocalDateTime {
  /// The same reading with day and month swapped.
  var turnedRound: LocalDateTime? {
    let (year, month, day) = date.civil
    return LocalDate(year: year, month: day, day: month).map {
      LocalDateTime(date: $0, secondOfDay: secondOfDay)
    }
  }
}
