import Foundation

/// Reads the times and days people type, one grammar for every command that takes one, in the
/// configured zone:
/// - a time: `09:00`, `9am`, `9:30pm`, `18:00-19:30` (a range);
/// - a day before it, or alone where a day is asked for: `today`, `tomorrow`, `fri`, `next mon`,
///   `2026-11-23`, and `2026-11-23T09:00` for both at once;
/// - relative: `+2h`, `+90m`, `+1d`, `+1d2h`, from the minute of now.
///
/// Full ISO 8601 instants with an offset are read by the caller first; this covers what people
/// type.
public struct FocusTimeParser: Sendable {
  public var clock: ZoneClock
  public var now: Date

  public init(clock: ZoneClock, now: Date) {
    self.clock = clock
    self.now = now
  }

  /// A start, and the end when the text gives a range (`09:00-10:30`).
  ///
  /// A day word is optional: a bare time means its next occurrence (today, or tomorrow once it
  /// has passed), or a time on `fixedDay` when one is given (`focus move ID 16:00` keeps the
  /// block's date); a weekday means its next date, today included while the time is ahead, and
  /// `next` with a weekday its next date after today.
  public func start(_ text: String, on fixedDay: LocalDate? = nil) -> (start: Date, end: Date?)? {
    var words = Self.words(text)
    if words.count == 1, words[0].hasPrefix("+"), let seconds = Self.relative(words[0]) {
      // From the minute of now: `+2h` at 10:00:17 is 12:00, as a person reads it, and a block
      // starts on a minute as every other block does.
      let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60
      return (Date(timeIntervalSince1970: minute + TimeInterval(seconds)), nil)
    }
    guard var timeWord = words.popLast() else { return nil }
    let today = clock.localDate(now)
    var day: LocalDate? = words.isEmpty ? fixedDay : nil
    var weekday: (Weekday, afterToday: Bool)?
    if words.isEmpty, let separator = timeWord.firstIndex(of: "t"),
      let date = LocalDate(parsing: String(timeWord[..<separator]))
    {
      // `2026-11-23T09:00` without an offset: a local time.
      day = date
      timeWord = String(timeWord[timeWord.index(after: separator)...])
    } else if !words.isEmpty {
      switch dayWords(words) {
      case .date(let date)?: day = date
      case .weekday(let named, let next)?: weekday = (named, next)
      case nil: return nil
      }
    }
    // After a day, a bare hour is the hour: `tomorrow 9` is 09:00.
    if !words.isEmpty, (1...2).contains(timeWord.count), timeWord.allSatisfy(\.isASCII),
      timeWord.allSatisfy(\.isNumber)
    {
      timeWord += ":00"
    }
    let parts = timeWord.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2, let from = Self.time(parts[0]) else { return nil }
    var date = day ?? today
    if let weekday {
      date = today.adding(days: weekday.afterToday ? 1 : 0)
      while date.weekday != weekday.0 { date = date.adding(days: 1) }
      if !weekday.afterToday, clock.instant(date, from) <= now { date = date.adding(days: 7) }
    } else if day == nil, clock.instant(date, from) <= now {
      date = date.adding(days: 1)
    }
    let start = clock.instant(date, from)
    guard parts.count == 2 else { return (start, nil) }
    guard let until = Self.time(parts[1]) else { return nil }
    // A start the clocks skip is read as calendars read it (the offset before the change: 02:30
    // becomes 03:30); the range keeps the length typed, as an end read alone could come first.
    if clock.isInGap(LocalDateTime(date: date, time: from)) {
      let minutes = (until.minuteOfDay - from.minuteOfDay + 1440) % 1440
      guard minutes > 0 else { return nil }
      return (start, start.addingTimeInterval(TimeInterval(minutes * 60)))
    }
    guard let end = end(at: until, after: start) else { return nil }
    return (start, end)
  }

  /// The time of day a start was typed with (`02:30` of `tomorrow 02:30-03:15` or of
  /// `2026-03-29T02:30`), to tell the user when the clocks skip it.
  public static func typedTime(_ text: String) -> LocalTime? {
    guard var last = words(text).last else { return nil }
    if let separator = last.firstIndex(of: "t"), LocalDate(parsing: String(last[..<separator])) != nil {
      last = String(last[last.index(after: separator)...])
    }
    let first = last.split(separator: "-", omittingEmptySubsequences: false).first ?? Substring(last)
    // An offset or seconds (`02:30:00+01:00`) are no part of a focus time.
    return time(first.prefix(5).hasSuffix(":") ? first.prefix(4) : first.prefix(5))
  }

  /// A day alone: `today`, `tomorrow`, `yesterday`, `fri` (its next date, today included), `next
  /// fri` (after today), `2026-11-23`, `+2d`, `-7d`.
  public func day(_ text: String) -> LocalDate? {
    let words = Self.words(text)
    let today = clock.localDate(now)
    if words.count == 1, words[0].hasPrefix("+"), let seconds = Self.relative(words[0]), seconds % 86400 == 0
    {
      return today.adding(days: seconds / 86400)
    }
    // `-7d`, for options that look back (`achievements --since`).
    if words.count == 1, words[0].hasPrefix("-"), let seconds = Self.relative("+" + words[0].dropFirst()),
      seconds % 86400 == 0
    {
      return today.adding(days: -seconds / 86400)
    }
    switch dayWords(words) {
    case .date(let date)?: return date
    case .weekday(let named, let next)?:
      var date = today.adding(days: next ? 1 : 0)
      while date.weekday != named { date = date.adding(days: 1) }
      return date
    case nil: return nil
    }
  }

  enum DayWords {
    case date(LocalDate)
    case weekday(Weekday, next: Bool)
  }

  private func dayWords(_ words: [String]) -> DayWords? {
    let today = clock.localDate(now)
    switch words.count {
    case 1:
      switch words[0] {
      case "today", "heute": return .date(today)
      case "tomorrow", "morgen": return .date(today.adding(days: 1))
      case "yesterday", "gestern": return .date(today.adding(days: -1))
      default:
        if let date = LocalDate(parsing: words[0]) { return .date(date) }
        // `+2d 09:00`: days from today, as `day` reads `+2d` alone.
        if words[0].hasPrefix("+"), let seconds = Self.relative(words[0]), seconds % 86400 == 0 {
          return .date(today.adding(days: seconds / 86400))
        }
        return Weekday(key: words[0]).map { .weekday($0, next: false) }
      }
    case 2 where ["next", "nächsten", "nächster", "naechsten"].contains(words[0]):
      return Weekday(key: words[1]).map { .weekday($0, next: true) }
    default:
      return nil
    }
  }

  /// The day words a start may begin with, for a suggestion when one is mistyped.
  static let dayWordList = [
    "today", "tomorrow", "yesterday", "next", "heute", "morgen", "gestern", "monday", "tuesday", "wednesday",
    "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri", "sat", "sun",
  ]

  /// `text` with its first word, when it is a day word mistyped (`tomorow 9`), put right, or nil
  /// when there is nothing to suggest.
  public static func suggestion(for text: String) -> String? {
    var parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let first = parts.first?.lowercased(), first.count >= 3, !dayWordList.contains(first),
      first.allSatisfy(\.isLetter)
    else { return nil }
    let scored = dayWordList.filter { $0.count > 3 }.map { ($0, EditDistance.between(first, $0)) }
      .filter { $0.1 <= 2 }
    guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
    parts[0] = best.0
    return parts.joined(separator: " ")
  }

  /// The words of `text`, lower case, with `9 am` joined into `9am`.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    for word in text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
      if ["am", "pm", "a.m.", "p.m."].contains(word), let last = words.last, last.first?.isNumber == true {
        words[words.count - 1] = last + word.replacingOccurrences(of: ".", with: "")
      } else {
        words.append(word)
      }
    }
    return words
  }

  /// `+2h`, `+90m`, `+1d`, `+1d2h30m` in seconds; nil for anything else or zero.
  static func relative(_ word: String) -> Int? {
    var rest = word.dropFirst()
    var total = 0
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      guard !digits.isEmpty, digits.count <= 5, let value = Int(digits) else { return nil }
      switch unit {
      case "d", "day", "days": total += value * 86400
      case "h", "hr", "hrs", "hour", "hours": total += value * 3600
      case "m", "min", "mins", "minute", "minutes": total += value * 60
      default: return nil
      }
    }
    return total > 0 && total <= 366 * 86400 ? total : nil
  }

  /// An end given as a time of day (`10:30`) or as a start form with a day (`tomorrow 01:00`,
  /// `2026-11-24 01:00`).
  ///
  /// A bare time at or before the start means the next day only while the block stays within
  /// ``longestWrap`` (`23:00-01:00`); beyond that it is nil: `--end 14:00` for a block at 15:00 is
  /// a typo far more often than a 23-hour block, and a long block past midnight names its day.
  public func end(_ text: String, after start: Date) -> Date? {
    if let time = Self.time(text[...]) { return end(at: time, after: start) }
    return self.start(text)?.start
  }

  /// Whether `text` is a bare time of day that falls at or before `start` on its day.
  public func isBareTimeBefore(_ text: String, start: Date) -> Bool {
    guard let time = Self.time(text[...]) else { return false }
    return end(at: time, after: start) == nil
  }

  /// The longest block a bare end time may make by wrapping past midnight.
  public static let longestWrap: TimeInterval = 12 * 3600

  private func end(at time: LocalTime, after start: Date) -> Date? {
    let day = clock.localDate(start)
    let sameDay = clock.instant(day, time)
    if sameDay > start { return sameDay }
    let nextDay = clock.instant(day.adding(days: 1), time)
    return nextDay.timeIntervalSince(start) <= Self.longestWrap ? nextDay : nil
  }

  /// `90m`, `45min`, `2h`, `1h30m`, `1h 30m`, `1.5h`, and as people type them `90` (minutes)
  /// and `1h30`, in seconds; nil for anything else or zero.
  public static func duration(_ text: String) -> Int? {
    var total = 0.0
    var matched = false
    var afterHours = false
    let lower = text.lowercased().replacingOccurrences(of: " ", with: "")
    var rest = lower[...]
    while !rest.isEmpty {
      let number = String(rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
      rest = rest.dropFirst(number.count)
      let unit = String(rest.prefix { $0.isLetter })
      rest = rest.dropFirst(unit.count)
      guard let value = Double(number), value >= 0 else { return nil }
      switch unit {
      case "h", "hr", "hrs", "hour", "hours", "std":
        total += value * 3600
        afterHours = true
        continue
      case "m", "min", "mins", "minute", "minutes": total += value * 60
      // A number without a unit is minutes: alone (`90`) or after hours (`1h30`).
      case "" where rest.isEmpty && (!matched || afterHours): total += value * 60
      default: return nil
      }
      afterHours = false
      matched = true
    }
    matched = matched || total > 0
    guard matched, total >= 60, total <= 24 * 3600 else { return nil }
    return Int(total.rounded())
  }

  /// `09:00`, `9:00`, `9am`, `9:30pm`, `12am` (midnight), `12pm` (noon).
  private static func time(_ text: Substring) -> LocalTime? {
    var text = text
    var meridiem: String?
    for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
      meridiem = suffix
      text = text.dropLast(2)
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), (1...2).contains(parts[0].count),
      parts.count == 1 ? meridiem != nil : parts[1].count == 2,
      var hour = ASCIIDigits.value(parts[0].utf8)
    else { return nil }
    let minute = parts.count == 2 ? ASCIIDigits.value(parts[1].utf8) : 0
    guard let minute, minute < 60 else { return nil }
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    guard hour < 24 else { return nil }
    return LocalTime(hour: hour, minute: minute)
  }

  /// What is wrong with a time someone typed, when it has the shape of one but no such time
  /// exists ("hour 25 does not exist"); nil otherwise.
  public static func timeProblem(_ text: String) -> String? {
    guard let last = words(text).last else { return nil }
    let clock = last.split(separator: "-").first.map(String.init) ?? last
    let digits = clock.replacingOccurrences(of: "am", with: "").replacingOccurrences(of: "pm", with: "")
    let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
      let hour = Int(parts[0]), parts[0].count <= 2
    else { return nil }
    if hour > 23 { return "hour \(hour) does not exist" }
    if parts.count == 2, let minute = Int(parts[1]), minute > 59 { return "minute \(minute) does not exist" }
    return nil
  }
}
