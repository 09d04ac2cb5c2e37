import Foundation

/// Predicts which program day comes next ("Push Day") from past workouts.
///
/// Two readings of a history compete, and the one that would have named this person's last twelve
/// workouts better wins (README, "Learning rules"):
/// - **rotation**: what most often followed the last workout (push, pull, legs, push, …); a name
///   never followed yet is followed by its shape, numbers counting on ("Day 11" → "Day 12",
///   "Lower // Week 3" → "Upper // Week 3");
/// - **weekday**: what this weekday was called over the last eight weeks ("Montag", "Leg Day").
///
/// Names are compared without case, spacing or emoji. An app's auto-title ("Evening Workout") is
/// no program day: it is left out, and when most recent workouts carry one, no name is predicted.
public struct WorkoutNamePredictor: Sendable {
  /// One past workout.
  struct Entry {
    var date: LocalDate
    var key: String
    /// The key with its digits as `#`, computed once: a replay asks for it thousands of times.
    var shape: String
  }

  private let entries: [Entry]
  /// The latest spelling of each key.
  private let spelling: [String: String]
  private let unnamed: Bool
  private let byWeekday: Bool

  /// - Parameter sessions: the date and name of completed sessions, oldest first.
  public init(sessions: [(date: LocalDate, name: String)], memory: Int = 60) {
    let recent = sessions.suffix(memory)
    var spelling: [String: String] = [:]
    var entries: [Entry] = []
    // A history repeats a handful of names: each is read once.
    var read: [String: (name: String, key: String, shape: String)?] = [:]
    func program(_ raw: String) -> (name: String, key: String, shape: String)? {
      if let known = read[raw] { return known }
      let value = WorkoutTitle.programName(raw).map { name -> (String, String, String) in
        let key = WorkoutTitle.key(name)
        return (name, key, Self.shape(key))
      }
      read[raw] = .some(value)
      return value
    }
    for session in recent {
      guard let (name, key, shape) = program(session.name) else { continue }
      spelling[key] = name
      entries.append(Entry(date: session.date, key: key, shape: shape))
    }
    self.entries = entries
    self.spelling = spelling
    let lastTen = recent.suffix(10)
    unnamed = lastTen.isEmpty || lastTen.filter { program($0.name) == nil }.count * 2 > lastTen.count
    // Replay the last twelve named workouts with both readings.
    var rotationRight = 0
    var weekdayRight = 0
    for index in max(1, entries.count - 12)..<max(1, entries.count) {
      let before = Array(entries[..<index])
      if Self.rotation(before, steps: 1).first == entries[index].key { rotationRight += 1 }
      if Self.weekday(before, on: entries[index].date) == entries[index].key { weekdayRight += 1 }
    }
    // Ties go to the weekday: names that follow the weekdays ("Montag", "Leg Day") stay right
    // when a day is skipped, where the rotation would shift them.
    byWeekday = weekdayRight >= rotationRight && weekdayRight > 0
  }

  /// The predicted name of each of `dates`' workouts, soonest first; nil where none is known.
  public func names(for dates: [LocalDate]) -> [String?] {
    guard !unnamed, !entries.isEmpty else { return dates.map { _ in nil } }
    let rotation = Self.rotation(entries, steps: dates.count)
    return dates.enumerated().map { index, date in
      let weekday = Self.weekday(entries, on: date)
      let turn = index < rotation.count ? rotation[index] : nil
      let key = (byWeekday ? weekday ?? turn : turn ?? weekday) ?? entries.last?.key
      return key.map { key in
        spelling[key]
          ?? Self.spelled(
            key, like: entries.last { $0.shape == Self.shape(key) }.flatMap { spelling[$0.key] })
      }
    }
  }

  /// The next `steps` keys of the rotation after the last entry.
  ///
  /// A name that was never followed yet is followed by shape: "lower // 3" has never had a
  /// successor, but "lower // #" was always followed by "upper // #", and the last "upper" was
  /// number 2, so "upper // 3" comes next; "day 11" likewise becomes "day 12".
  static func rotation(_ entries: [Entry], steps: Int) -> [String] {
    guard var current = entries.last?.key else { return [] }
    var exact: [String: [String: (count: Int, last: Int)]] = [:]
    var byShape: [String: [String: (count: Int, last: Int)]] = [:]
    var latest: [String: String] = [:]
    for (index, pair) in zip(entries, entries.dropFirst()).enumerated() {
      let old = exact[pair.0.key]?[pair.1.key] ?? (0, 0)
      exact[pair.0.key, default: [:]][pair.1.key] = (old.count + 1, index)
      let (from, to) = (pair.0.shape, pair.1.shape)
      let oldShape = byShape[from]?[to] ?? (0, 0)
      byShape[from, default: [:]][to] = (oldShape.count + 1, index)
    }
    for entry in entries { latest[entry.shape] = entry.key }
    let best = { (table: [String: (count: Int, last: Int)]) in
      table.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }?.key
    }
    var result: [String] = []
    for _ in 0..<steps {
      if let next = exact[current].flatMap(best) {
        current = next
      } else if let nextShape = byShape[shape(current)].flatMap(best), let previous = latest[nextShape] {
        current = nextShape.contains("#") ? incremented(previous) : previous
      } else {
        break
      }
      latest[shape(current)] = current
      result.append(current)
    }
    return result
  }

  /// The name with each run of digits as `#`.
  static func shape(_ key: String) -> String {
    var result = ""
    var inNumber = false
    for character in key {
      if character.isASCIIDigit {
        if !inNumber { result.append("#") }
        inNumber = true
      } else {
        result.append(character)
        inNumber = false
      }
    }
    return result
  }

  /// The name with its last number one higher.
  static func incremented(_ key: String) -> String {
    guard let range = lastNumber(in: key), let number = Int(key[range]), number < 1_000_000 else {
      return key
    }
    return key.replacingCharacters(in: range, with: String(number + 1))
  }

  /// The range of the last run of ASCII digits; Foundation's regular expressions ignore
  /// `.backwards` and would find the first.
  static func lastNumber(in text: String) -> Range<String.Index>? {
    guard let end = text.lastIndex(where: \.isASCIIDigit) else { return nil }
    var start = end
    while start > text.startIndex, text[text.index(before: start)].isASCIIDigit {
      start = text.index(before: start)
    }
    return start..<text.index(after: end)
  }

  /// What `date`'s weekday was most often called over the eight weeks before it, recent weeks
  /// weighing more.
  static func weekday(_ entries: [Entry], on date: LocalDate) -> String? {
    var weights: [String: Double] = [:]
    for entry in entries.reversed() {
      let age = entry.date.days(until: date)
      guard age > 0 else { continue }
      if age > 56 { break }
      if entry.date.weekday == date.weekday { weights[entry.key, default: 0] += pow(0.8, Double(age / 7)) }
    }
    return weights.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
  }

  /// A key never seen spelled, written like the last name of its shape: "Day 12" after "Day 11".
  static func spelled(_ key: String, like last: String?) -> String {
    guard let last, let range = lastNumber(in: last), let digits = lastNumber(in: key) else { return key }
    return last.replacingCharacters(in: range, with: key[digits])
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
