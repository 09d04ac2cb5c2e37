import Foundation

/// The simple rules Spotter is measured against; each sees only the sessions before the night.
extension Backtester {
  /// The first session of each local date, oldest first.
  static func firstOfDays(_ visible: ArraySlice<Session>, clock: ZoneClock) -> [(
    date: LocalDate, session: Session
  )] {
    var result: [(date: LocalDate, session: Session)] = []
    for session in visible {
      let date = clock.localDate(session.start)
      if result.last?.date != date { result.append((date, session)) }
    }
    return result
  }

  static func prediction(day: LocalDate, minute: Int, name: String?, clock: ZoneClock) -> Prediction {
    let start = clock.instant(day, LocalTime(minuteOfDay: min(max(minute, 0), 1439)))
    return Prediction(
      alarm: start.addingTimeInterval(TimeInterval(-baselineLeadMinutes * 60)), start: start, name: name)
  }

  static func minute(_ session: Session, _ clock: ZoneClock) -> Int {
    clock.local(session.start).secondOfDay / 60
  }

  static func median(_ values: [Int]) -> Int {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  /// B1: a session on D−7 means a reminder on D, at its time, with its name.
  static func sameWeekdayLastWeek(day: LocalDate, visible: ArraySlice<Session>, clock: ZoneClock)
    -> Prediction?
  {
    let weekAgo = day.adding(days: -7)
    // Back from the newest session to that day; its earliest session is the last one reached.
    let since = visible.reversed().prefix { clock.localDate($0.start) >= weekAgo }
    guard let first = since.last, clock.localDate(first.start) == weekAgo else { return nil }
    return prediction(day: day, minute: minute(first, clock), name: first.workoutName, clock: clock)
  }

  /// B2: weekdays trained on 2 of the last 4; the median start of the last 20 sessions; the name
  /// that most often followed the last workout.
  static func planRule(day: LocalDate, visible: ArraySlice<Session>, clock: ZoneClock) -> Prediction? {
    let days = Set(visible.suffix(400).map { clock.localDate($0.start) })
    let trained = (1...4).filter { days.contains(day.adding(days: -7 * $0)) }.count
    guard trained >= 2 else { return nil }
    let recent = visible.suffix(20)
    let names = visible.map(\.workoutName)
    var followers: [String: Int] = [:]
    if let last = names.last {
      for (previous, next) in zip(names, names.dropFirst()) where previous == last {
        followers[next, default: 0] += 1
      }
    }
    let name = followers.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? names.last
    return prediction(day: day, minute: median(recent.map { minute($0, clock) }), name: name, clock: clock)
  }

  /// B3: at least half of the last 8 such weekdays had a session; the median of their starts.
  static func weekdayMedian(day: LocalDate, visible: ArraySlice<Session>, clock: ZoneClock) -> Prediction? {
    let firsts = firstOfDays(visible.suffix(800), clock: clock)
    let window = Set((1...8).map { day.adding(days: -7 * $0) })
    let matching = firsts.filter { window.contains($0.date) }
    guard matching.count >= 4 else { return nil }
    return prediction(
      day: day, minute: median(matching.map { minute($0.session, clock) }),
      name: matching.last?.session.workoutName,
      clock: clock)
  }
}
