/// The learner's training days: for each local date of its window, the minute of the day's
/// first start, and whether that minute is known or only the date is.
///
/// One slot a day from the window's first date, rather than a dictionary: the learner looks a
/// date up about 2,000 times a night (a new day's alarm source is chosen by replaying twelve
/// training days through five sources, each looking back up to 56 days), and hashing a date for
/// each lookup was a twentieth of a new day's night.
struct TrainingDays {
  /// The date of slot 0.
  let first: LocalDate
  /// A slot's minute of the day, or `Self.none`.
  private var minutes: [Int32] = []
  /// Whether a slot's day is known by its date only.
  private var untimed: [Bool] = []
  /// How many slots hold a training day.
  private(set) var count = 0

  private static let none: Int32 = -1

  init(first: LocalDate) {
    self.first = first
  }

  /// The slot of `date`, nil when it lies outside the table.
  private func slot(_ date: LocalDate) -> Int? {
    let index = date.daysSinceEpoch - first.daysSinceEpoch
    return index >= 0 && index < minutes.count ? index : nil
  }

  /// The minute of the first start on `date`, nil when it was no training day.
  subscript(date: LocalDate) -> Int? {
    guard let index = slot(date), minutes[index] != Self.none else { return nil }
    return Int(minutes[index])
  }

  /// Whether `date` was trained and only its date is known.
  func isUntimed(_ date: LocalDate) -> Bool {
    guard let index = slot(date) else { return false }
    return untimed[index]
  }

  /// Sets `date`'s minute and whether it is known by its date only.
  ///
  /// - Precondition: `date` is not before ``first``.
  mutating func set(_ date: LocalDate, minute: Int, untimed isUntimed: Bool) {
    let index = date.daysSinceEpoch - first.daysSinceEpoch
    precondition(index >= 0, "a training day before the window")
    if index >= minutes.count {
      minutes.append(contentsOf: repeatElement(Self.none, count: index + 1 - minutes.count))
      untimed.append(contentsOf: repeatElement(false, count: index + 1 - untimed.count))
    }
    if minutes[index] == Self.none { count += 1 }
    minutes[index] = Int32(minute)
    untimed[index] = isUntimed
  }

  /// The training days, oldest first.
  var dates: [LocalDate] {
    var result: [LocalDate] = []
    result.reserveCapacity(count)
    for index in minutes.indices where minutes[index] != Self.none {
      result.append(first.adding(days: index))
    }
    return result
  }

  /// The last training day before `target`.
  func latest(before target: LocalDate) -> LocalDate? {
    var index = min(minutes.count, target.daysSinceEpoch - first.daysSinceEpoch) - 1
    while index >= 0 {
      if minutes[index] != Self.none { return first.adding(days: index) }
      index -= 1
    }
    return nil
  }

  /// The oldest training day.
  var earliest: LocalDate? {
    minutes.firstIndex { $0 != Self.none }.map { first.adding(days: $0) }
  }
}
