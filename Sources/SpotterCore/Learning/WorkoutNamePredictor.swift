import Foundation

/// Predicts which program day comes next ("Push Day") from past workouts.
///
/// Each candidate name is weighed by two pieces of evidence at once (README, "The rules"):
/// how often it followed the last workout, recent weeks weighing more, and how often this weekday
/// was called so over the last eight weeks. A swap of two days, a skipped day or a day named after
/// its weekday then reads right where either piece alone would shift the rotation.
///
/// Three readings of a history compete, and the one that would have named this person's last
/// twelve workouts best wins:
/// - **weekday**: what this weekday was called over the last eight weeks ("Montag", "Leg Day");
/// - **shape**: the weighing over names with their numbers as `#`, the number then moving on as it
///   moved before ("Day 11" → "Day 12", "Lower // Week 3" → "Upper // Week 3");
/// - **name**: the weighing over whole names ("Day 1" → "Day 3" when that is this person's order);
/// - **last week**: what the same weekday was called a week before, for weeks that repeat exactly
///   (the simple rule B1 of `spotter backtest`, which beats the weighings for some people).
///
/// Names are compared without case, spacing or emoji. An app's auto-title ("Evening Workout") is
/// no program day: it is left out, and when most recent workouts carry one, no name is predicted.
public struct WorkoutNamePredictor: Sendable {
  /// One past workout, its key and shape as ids in a ``NameTable``.
  struct Entry {
    var date: LocalDate
    var key: Int
    /// The key with its digits as `#`, computed once: a replay asks for it thousands of times.
    var shape: Int

    /// The id of `part`: a switch, not a key path, whose every read went through the runtime.
    subscript(part: Part) -> Int {
      switch part {
      case .key: key
      case .shape: shape
      }
    }
  }

  /// Which id of an entry a weighing reads: its whole key or its shape.
  enum Part {
    case key, shape
  }

  /// A way of reading a history, in the order that wins ties.
  public enum Reading: String, Sendable, Hashable, Codable, CaseIterable {
    case weekday, shape, name, lastWeek
  }

  private let entries: [Entry]
  /// The keys and shapes of ``entries``.
  private let table: NameTable
  /// The latest spelling of each key.
  private let spelling: [String: String]
  private let unnamed: Bool
  /// The reading that would have named the last workouts best: what ``init(sessions:memory:reading:)``
  /// replayed them for, unless it was given.
  public let reading: Reading

  /// - Parameters:
  ///   - sessions: the date and name of completed sessions, oldest first.
  ///   - reading: the reading these sessions were replayed for before, which is not replayed
  ///     again: a command of the same day with the same history (``LearnedPattern``) keeps it.
  public init(
    sessions: [(date: LocalDate, name: String)], memory: Int = LearningParameters.nameMemory,
    reading known: Reading? = nil
  ) {
    let recent = sessions.suffix(memory)
    var spelling: [String: String] = [:]
    var entries: [Entry] = []
    var table = NameTable()
    // A history repeats a handful of names: each is read, and its key and shape given their
    // ids, once. The ids are given in the order they were when each session asked for its own
    // (a name seen again finds its ids already given), so the table is the same.
    var read: [String: (name: String, key: String, keyID: Int, shapeID: Int)?] = [:]
    func program(_ raw: String) -> (name: String, key: String, keyID: Int, shapeID: Int)? {
      if let known = read[raw] { return known }
      let value = WorkoutTitle.programName(raw).map { name -> (String, String, Int, Int) in
        let key = WorkoutTitle.key(name)
        let keyID = table.id(key)
        return (name, key, keyID, table.id(Self.shape(key)))
      }
      read[raw] = .some(value)
      return value
    }
    for session in recent {
      guard let (name, key, keyID, shapeID) = program(session.name) else { continue }
      spelling[key] = name
      entries.append(Entry(date: session.date, key: keyID, shape: shapeID))
    }
    self.entries = entries
    self.table = table
    self.spelling = spelling
    let lastTen = recent.suffix(LearningParameters.nameAutoTitleWindow)
    unnamed = lastTen.isEmpty || lastTen.filter { program($0.name) == nil }.count * 2 > lastTen.count
    if let known {
      reading = known
      return
    }
    // Replay the last twelve named workouts with each reading.
    var right: [Reading: Int] = [:]
    for index in max(1, entries.count - LearningParameters.nameReplayWorkouts)..<max(1, entries.count) {
      let before = entries[..<index]
      for reading in Reading.allCases
      where Self.next(before, on: entries[index].date, by: reading, table)
        == table.strings[entries[index].key]
      {
        right[reading, default: 0] += 1
      }
    }
    reading = Reading.allCases.max { right[$0, default: 0] < right[$1, default: 0] } ?? .weekday
  }

  /// The predicted name of each of `dates`' workouts, soonest first; nil where none is known.
  ///
  /// Each predicted day joins the history before the next is read, so a horizon of several days
  /// goes on through the rotation.
  public func names(for dates: [LocalDate]) -> [String?] {
    guard !unnamed, !entries.isEmpty else { return dates.map { _ in nil } }
    var known = entries
    var table = table
    let readings = [reading] + Reading.allCases.filter { $0 != reading }
    return dates.map { date in
      guard
        let key = readings.lazy.compactMap({ Self.next(known[...], on: date, by: $0, table) }).first
          ?? known.last.map({ table.strings[$0.key] })
      else { return nil }
      let shape = table.id(Self.shape(key))
      let spelled =
        spelling[key]
        ?? Self.spelled(
          key, like: known.last { $0.shape == shape }.flatMap { spelling[table.strings[$0.key]] })
      known.append(Entry(date: date, key: table.id(key), shape: shape))
      return spelled
    }
  }

  /// The key `reading` expects on `date` after `entries`, whose ids `table` holds.
  static func next(_ entries: ArraySlice<Entry>, on date: LocalDate, by reading: Reading, _ table: NameTable)
    -> String?
  {
    switch reading {
    case .weekday: return weekday(entries, on: date, table).map { table.strings[$0] }
    case .name: return weighed(entries, on: date, by: .key, table).map { table.strings[$0] }
    case .shape:
      return weighed(entries, on: date, by: .shape, table).flatMap { numbered(entries, shape: $0, table) }
    case .lastWeek:
      let weekAgo = date.adding(days: -7)
      return entries.last { $0.date == weekAgo }.map { table.strings[$0.key] }
    }
  }

  /// The name (`part` of an entry) with the most evidence for `date`: how often it followed the
  /// last entry's, each time weighing 0.9 per week of age, times how often `date`'s weekday was so
  /// called in the eight weeks before, 0.8 per week, each over the name's share of all entries.
  ///
  /// The share stands in for missing evidence, so a name never seen after the last one or on this
  /// weekday is not ruled out: the other piece of evidence still speaks. Ties go to the name done
  /// most recently.
  static func weighed(
    _ entries: ArraySlice<Entry>, on date: LocalDate, by part: Part, _ table: NameTable
  ) -> Int? {
    guard let last = entries.last?[part] else { return nil }
    // Indexed by id: a replay weighs thousands of times, and hashing names was most of its cost.
    let size = table.strings.count
    var followed = [Double](repeating: 0, count: size)
    let onWeekday = weekdayWeights(entries, on: date, by: part, table)
    var count = [Int](repeating: 0, count: size)
    var latest = [Int](repeating: 0, count: size)
    var previous: Int?
    for (index, entry) in zip(entries.indices, entries) {
      let name = entry[part]
      count[name] += 1
      latest[name] = index
      if previous == last {
        followed[name] += pow(
          LearningParameters.nameFollowDecayPerWeek, Double(entry.date.days(until: date)) / 7)
      }
      previous = name
    }
    let total = Double(entries.count)
    func score(_ name: Int) -> Double {
      let share = Double(count[name]) / total
      return (followed[name] + share) * (onWeekday[name] + share) / share
    }
    // Each name's latest index is its own, so no two candidates tie.
    return (0..<size).lazy.filter { count[$0] > 0 }.max { (score($0), latest[$0]) < (score($1), latest[$1]) }
  }

  /// The next key of `shape`: its numbers move on from the last entry's as they most often moved
  /// between these two shapes before, or stay when they never did.
  ///
  /// "day #" after "day 11", having always moved by one, is "day 12"; "upper // week #" after
  /// "lower // week 3", having always kept its week, is "upper // week 3".
  static func numbered(_ entries: ArraySlice<Entry>, shape: Int, _ table: NameTable) -> String? {
    guard let template = entries.last(where: { $0.shape == shape }).map({ table.strings[$0.key] }) else {
      return nil
    }
    guard let last = entries.last, let base = table.numbers[last.key], !base.isEmpty,
      numbers(template)?.count == base.count
    else { return template }
    var moves: [[Int]: (count: Int, last: Int)] = [:]
    for (index, pair) in zip(entries, entries.dropFirst()).enumerated()
    where pair.0.shape == last.shape && pair.1.shape == shape {
      guard let from = table.numbers[pair.0.key], let to = table.numbers[pair.1.key], from.count == to.count
      else {
        continue
      }
      let move = zip(from, to).map { $1 - $0 }
      moves[move] = ((moves[move]?.count ?? 0) + 1, index)
    }
    let move = moves.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }?.key
    let target = zip(base, move ?? base.map { _ in 0 }).map(+)
    guard target.allSatisfy({ $0 >= 0 && $0 < 1_000_000 }) else { return template }
    return replacingNumbers(of: template, with: target)
  }

  /// The name with each run of digits as `#`.
  static func shape(_ key: String) -> String {
    asciiShape(key) ?? characterShape(key)
  }

  /// ``shape(_:)`` of an ASCII key, byte by byte; nil for any other key. A character at a time
  /// cost 7,600 instructions a key, and a night asks for ten.
  static func asciiShape(_ key: String) -> String? {
    key.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
      var shape: [UInt8] = []
      shape.reserveCapacity(bytes.count)
      var inNumber = false
      for byte in bytes {
        if isDigit(byte) {
          if !inNumber { shape.append(UInt8(ascii: "#")) }
          inNumber = true
        } else {
          shape.append(byte)
          inNumber = false
        }
      }
      return String(decoding: shape, as: UTF8.self)
    } ?? nil
  }

  /// ``shape(_:)`` of any key, a character at a time.
  static func characterShape(_ key: String) -> String {
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

  /// The ranges of the runs of ASCII digits, in order.
  static func numberRanges(in text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index].isASCIIDigit else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex, text[index].isASCIIDigit { index = text.index(after: index) }
      ranges.append(start..<index)
    }
    return ranges
  }

  /// The name's numbers, or nil when one is too long to be a count.
  static func numbers(_ key: String) -> [Int]? {
    let values = numberRanges(in: key).map { Int(key[$0]) }
    return values.contains(nil) ? nil : values.compactMap { $0 }
  }

  /// The name with its numbers replaced in order; `numbers` holds one for each.
  static func replacingNumbers(of key: String, with numbers: [Int]) -> String {
    var result = key
    for (range, number) in zip(numberRanges(in: key), numbers).reversed() {
      result.replaceSubrange(range, with: String(number))
    }
    return result
  }

  /// What `date`'s weekday was most often called over the eight weeks before it, recent weeks
  /// weighing more.
  static func weekday(_ entries: ArraySlice<Entry>, on date: LocalDate, _ table: NameTable) -> Int? {
    let weights = weekdayWeights(entries, on: date, by: .key, table)
    // Ties go to the name first in text order.
    return weights.indices.lazy.filter { weights[$0] > 0 }.max {
      (weights[$0], table.strings[$1]) < (weights[$1], table.strings[$0])
    }
  }

  /// How often `date`'s weekday was called each name (`part` of an entry) over the eight weeks
  /// before it, each week older weighing 0.8 as much: one rule for the weekday reading and the
  /// weighings.
  static func weekdayWeights(
    _ entries: ArraySlice<Entry>, on date: LocalDate, by part: Part, _ table: NameTable
  ) -> [Double] {
    var weights = [Double](repeating: 0, count: table.strings.count)
    for entry in entries.reversed() {
      let age = entry.date.days(until: date)
      guard age > 0 else { continue }
      if age > LearningParameters.nameWeekdayDays { break }
      // The same weekday: a whole number of weeks before.
      if age % 7 == 0 {
        weights[entry[part]] += pow(LearningParameters.nameWeekdayDecayPerWeek, Double(age / 7))
      }
    }
    return weights
  }

  /// A key never seen spelled, written like the last name of its shape: "Day 12" after "Day 11".
  static func spelled(_ key: String, like last: String?) -> String {
    guard let last, let numbers = numbers(key), !numbers.isEmpty,
      numberRanges(in: last).count == numbers.count
    else { return key }
    return replacingNumbers(of: last, with: numbers)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
