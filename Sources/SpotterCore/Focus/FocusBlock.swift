import Foundation

/// A planned focus block (seed 001), one-off or repeating on some weekdays.
public struct FocusBlock: Sendable, Hashable, Codable, Identifiable {
  /// Short and stable: it names the block on the command line and in every UID it gets.
  public var id: String
  public var title: String
  /// The first (or only) occurrence.
  public var start: Date
  public var end: Date
  public var recurrence: FocusRecurrence?
  /// Where an imported block came from (`ics:UID/RECURRENCE-ID`), so a re-import updates it.
  public var sourceKey: String?

  public init(
    id: String, title: String, start: Date, end: Date, recurrence: FocusRecurrence? = nil,
    sourceKey: String? = nil
  ) {
    self.id = id
    self.title = DisplayText.cleaned(title)
    self.start = start
    self.end = end
    self.recurrence = recurrence
    self.sourceKey = sourceKey
  }

  /// An id from what makes a block unique, eight hex digits like a short git hash.
  public static func id(for key: String) -> String {
    String(Fingerprint.hex(key).suffix(8))
  }

  /// The occurrences whose local start date lies in `dates`, at the first occurrence's wall-clock
  /// time on every day, so a block at 09:00 stays at 09:00 across a DST change.
  public func occurrences(in dates: Range<LocalDate>, clock: ZoneClock) -> [FocusOccurrence] {
    guard let recurrence else {
      let date = clock.localDate(start)
      return dates.contains(date) ? [FocusOccurrence(block: self, date: date, start: start, end: end)] : []
    }
    let first = clock.local(start)
    let length = end.timeIntervalSince(start)
    let lastEnd = clock.local(end)
    let endDayOffset = first.date.days(until: lastEnd.date)
    var result: [FocusOccurrence] = []
    var date = max(first.date, dates.lowerBound)
    let stop = recurrence.until.map { min($0.adding(days: 1), dates.upperBound) } ?? dates.upperBound
    while date < stop {
      if recurrence.weekdays.contains(date.weekday) {
        let start = clock.instant(LocalDateTime(date: date, secondOfDay: first.secondOfDay))
        // The end keeps its wall-clock time too; a block spanning a change keeps its local hours.
        var end = clock.instant(
          LocalDateTime(date: date.adding(days: endDayOffset), secondOfDay: lastEnd.secondOfDay))
        if end <= start { end = start.addingTimeInterval(length) }
        result.append(FocusOccurrence(block: self, date: date, start: start, end: end))
      }
      date = date.adding(days: 1)
    }
    return result
  }

  /// The occurrence whose local start date is the last in `dates`, or nil when none is; it ends
  /// latest too, since every occurrence keeps the block's wall-clock times.
  ///
  /// It looks at the last week of what `dates` and the repeat's end leave, in which a repeat on
  /// any weekday occurs, so a block that repeats for years costs no more than one that does not.
  public func lastOccurrence(in dates: Range<LocalDate>, clock: ZoneClock) -> FocusOccurrence? {
    guard let recurrence else { return occurrences(in: dates, clock: clock).last }
    let stop = recurrence.until.map { min($0.adding(days: 1), dates.upperBound) } ?? dates.upperBound
    let from = max(dates.lowerBound, stop.adding(days: -7))
    guard from < stop else { return nil }
    return occurrences(in: from..<stop, clock: clock).last
  }
}
