import Foundation
import SpotterApp
import SpotterCore
import Testing

/// Issue 46's lives that change, through the nightly run: a history is imported, the night is
/// run, and the reminder it plans for the next session is checked against when that session
/// starts (useful: the alarm 0–90 minutes before it).
@Suite struct RecoveryScenarioTests {
  /// The minute of the day the night at `night` (21:30 Berlin) alarms for its workout on `date`.
  func alarm(on date: LocalDate, history: [(LocalDate, Int)], night: LocalDate) throws -> Int? {
    let box = try AppSandbox(config: "timezone = \"Europe/Berlin\"\n")
    let path = try box.strongExport(history)
    let workspace = try box.workspace(at: "\(night)T21:30:00+01:00")
    let runner = NightlyRunner(workspace: workspace)
    _ = try runner.run(histories: [path], horizon: .coming(count: 2), outputDirectory: box.out)
    let outcome = try workspace.store.write { try runner.plan(store: $0, request: .coming(count: 2)) }
    guard let reminder = outcome.plan.reminders.first(where: { $0.kind == .workout && $0.date == date })
    else { return nil }
    return workspace.clock.local(reminder.fire).secondOfDay / 60
  }

  func days(from start: String, count: Int, on weekdays: Set<Weekday>) -> [LocalDate] {
    let first = LocalDate(parsing: start)!
    return (0..<count).map { first.adding(days: $0) }.filter { weekdays.contains($0.weekday) }
  }

  func isUseful(_ alarm: Int?, for start: Int) -> Bool {
    guard let alarm else { return false }
    return (0...90).contains(start - alarm)
  }

  /// Mon/Wed/Fri evenings for months, four weeks off, then back on a Saturday morning: the
  /// second session back, on a Tuesday morning never trained before, is reminded in time.
  @Test func backAfterABreakTheSecondSessionIsReminded() throws {
    let before = days(from: "2026-05-04", count: 140, on: [.monday, .wednesday, .friday]).map {
      ($0, 18 * 60)
    }
    // The last evening is Friday 2026-09-18; back on Saturday 2026-10-17, four weeks later.
    let back = LocalDate(parsing: "2026-10-17")!
    let tuesday = LocalDate(parsing: "2026-10-20")!
    let alarm = try alarm(on: tuesday, history: before + [(back, 7 * 60)], night: tuesday.adding(days: -1))
    #expect(isUseful(alarm, for: 7 * 60), "alarm \(alarm.map(String.init) ?? "none") for a 07:00 start")
  }

  /// Back after a break in a rhythm the old routine never kept: Tue/Thu mornings, four weeks
  /// off, then Mon/Thu evenings. The second session back (Thursday, three days after Monday, a gap
  /// a Tue/Thu routine never left) and the next Monday (four days after Thursday) are reminded
  /// in time; the old routine's gaps said "rest day" on every session of the first weeks back.
  /// And back at another hour on the same weekdays: the first Wednesday back is reminded at the
  /// morning hour of the Monday back, not at the evening hour of the Wednesdays before.
  @Test(arguments: [
    ([Weekday.tuesday, .thursday], 7 * 60, [("2026-10-19", 19 * 60)], "2026-10-22", 19 * 60),
    (
      [.tuesday, .thursday], 7 * 60, [("2026-10-19", 19 * 60), ("2026-10-22", 19 * 60)], "2026-10-26", 19 * 60
    ),
    ([.monday, .wednesday, .friday], 18 * 60, [("2026-10-19", 7 * 60)], "2026-10-21", 7 * 60),
  ])
  func backAfterABreakInAnotherRhythmTheNextSessionsAreReminded(
    old: [Weekday], oldStart: Int, back: [(String, Int)], next: String, start: Int
  ) throws {
    // Months of the old routine up to Friday 2026-09-18, then four weeks and more off.
    let before = days(from: "2026-05-04", count: 138, on: Set(old)).map { ($0, oldStart) }
    let since = back.map { (LocalDate(parsing: $0.0)!, $0.1) }
    let day = LocalDate(parsing: next)!
    let alarm = try alarm(on: day, history: before + since, night: day.adding(days: -1))
    #expect(isUseful(alarm, for: start), "alarm \(alarm.map(String.init) ?? "none") for a start at \(start)")
  }

  /// Starts drifting from 11:00 to 15:00 over eight weeks: four weeks in, the next alarm comes
  /// before the drifted start, within the useful window.
  @Test func aDriftingStartIsFollowed() throws {
    let drift = LocalDate(parsing: "2026-09-07")!
    let history = days(from: "2026-05-04", count: 154, on: [.monday, .wednesday, .friday]).map {
      date -> (LocalDate, Int) in
      let progress = min(1.0, max(0.0, Double(drift.days(until: date)) / 56))
      return (date, 11 * 60 + Int((240 * progress).rounded()))
    }
    // Monday 2026-10-05, four weeks into the drift: the start is 13:00.
    let monday = LocalDate(parsing: "2026-10-05")!
    let alarm = try alarm(on: monday, history: history, night: monday.adding(days: -1))
    #expect(isUseful(alarm, for: 13 * 60), "alarm \(alarm.map(String.init) ?? "none") for a 13:00 start")
  }

  /// Tue/Thu 07:00, then Mon/Wed/Fri 18:00 from a Monday: the new routine's sessions are reminded
  /// in time within its first week.
  @Test func aNewHabitIsRemindedWithinAWeek() throws {
    let change = LocalDate(parsing: "2026-10-05")!
    let old = days(from: "2026-05-05", count: 153, on: [.tuesday, .thursday]).map { ($0, 7 * 60) }
    let new = days(from: "\(change)", count: 7, on: [.monday, .wednesday, .friday]).map { ($0, 18 * 60) }
    // A week in, the next Monday.
    let monday = change.adding(days: 7)
    let alarm = try alarm(on: monday, history: old + new, night: monday.adding(days: -1))
    #expect(isUseful(alarm, for: 18 * 60), "alarm \(alarm.map(String.init) ?? "none") for an 18:00 start")
  }
}
