import Foundation

/// Reads the friendly times of `spotter focus`: `tomorrow 09:00`, `fri 14:00`, `09:00-10:30`,
/// `2026-11-23 09:00`, and durations such as `90m` or `1h30m`, in the configured zone.
///
/// Full ISO 8601 instants are read by the caller first; this covers what people type.
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
  /// block's date), and a weekday means its next date, today included while the time is ahead.
  public func start(_ text: String, on fixedDay: LocalDate? = nil) -> (start: Date, end: Date?)? {
    let words = text.lowercased().split { $0 == " " || $0 == "\t" }.map(String.init)
    let today = clock.localDate(now)
    var day: LocalDate? = words.count == 1 ? fixedDay : nil
    var weekday: Weekday?
    var timeWord: String
    switch words.count {
    case 1:
      timeWord = words[0]
      // `2026-11-23T09:00` without an offset: a local time.
      if let separator = timeWord.firstIndex(of: "t"),
        let date = LocalDate(parsing: String(timeWord[..<separator]))
      {
        day = date
        timeWord = String(timeWord[timeWord.index(after: separator)...])
      }
    case 2:
      timeWord = words[1]
      switch words[0] {
      case "today", "heute": day = today
      case "tomorrow", "morgen": day = today.adding(days: 1)
      default:
        if let date = LocalDate(parsing: words[0]) {
          day = date
        } else if let named = Weekday(key: words[0]) {
          weekday = named
        } else {
          return nil
        }
      }
    default:
      return nil
    }
    let parts = timeWord.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2, let from = Self.time(parts[0]) else { return nil }
    var date = day ?? today
    if let weekday {
      while date.weekday != weekday { date = date.adding(days: 1) }
      if clock.instant(date, from) <= now { date = date.adding(days: 7) }
    } else if day == nil, clock.instant(date, from) <= now {
      date = date.adding(days: 1)
    }
    let start = clock.instant(date, from)
    guard parts.count == 2 else { return (start, nil) }
    guard let until = Self.time(parts[1]), let end = end(at: until, after: start) else { return nil }
    return (start, end)
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

  /// `90m`, `45min`, `2h`, `1h30m`, `1h 30m`, `1.5h`, in seconds; nil for anything else or zero.
  public static func duration(_ text: String) -> Int? {
    var total = 0.0
    var matched = false
    let lower = text.lowercased().replacingOccurrences(of: " ", with: "")
    var rest = lower[...]
    while !rest.isEmpty {
      let number = String(rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
      rest = rest.dropFirst(number.count)
      let unit = String(rest.prefix { $0.isLetter })
      rest = rest.dropFirst(unit.count)
      guard let value = Double(number), value >= 0 else { return nil }
      switch unit {
      case "h", "hr", "hrs", "hour", "hours", "std": total += value * 3600
      case "m", "min", "mins", "minute", "minutes": total += value * 60
      default: return nil
      }
      matched = true
    }
    guard matched, total >= 60, total <= 24 * 3600 else { return nil }
    return Int(total.rounded())
  }

  private static func time(_ text: Substring) -> LocalTime? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      let hour = ASCIIDigits.value(parts[0].utf8), let minute = ASCIIDigits.value(parts[1].utf8), hour < 24,
      minute < 60
    else { return nil }
    return LocalTime(hour: hour, minute: minute)
  }
}
