import Foundation
import SpotterCore
import _SpotterTestSupport

/// Builds completed sessions at local times for learner and planner tests.
enum SessionFactory {
  static func session(
    _ date: String, _ time: String, name: String = "Workout", minutes: Int = 60,
    clock: ZoneClock = TestZones.berlinClock, state: SessionState = .completed
  ) -> Session {
    let start = clock.instant(TestZones.date(date), LocalTime(parsing: time)!)
    return Session(
      id: "test-\(date)-\(time)", source: .json, workoutName: name, start: start,
      end: start.addingTimeInterval(TimeInterval(minutes * 60)), state: state)
  }

  /// One session per matching weekday, `weeks` weeks back from (not including) `until`.
  static func weekly(
    _ days: [Weekday], at time: String, weeks: Int, until: String, names: [String]? = nil,
    clock: ZoneClock = TestZones.berlinClock
  ) -> [Session] {
    let end = TestZones.date(until)
    var result: [Session] = []
    var date = end.adding(days: -weeks * 7)
    while date < end {
      if let index = days.firstIndex(of: date.weekday) {
        result.append(session(date.description, time, name: names?[index] ?? "Workout", clock: clock))
      }
      date = date.adding(days: 1)
    }
    return result
  }

  /// Push, Pull and Leg Day on Monday, Wednesday and Friday at 18:00, the eight weeks before
  /// 2026-11-22: the planners' usual habit.
  static let pushPullLegs = weekly(
    [.monday, .wednesday, .friday], at: "18:00", weeks: 8, until: "2026-11-22",
    names: ["Push Day", "Pull Day", "Leg Day"])
}
