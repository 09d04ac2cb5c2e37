import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// The planner is a function of values: a snapshot built without any store plans, reconciles and
/// streams the repeating focus alerts the same way every time.
@Suite struct RunPlannerTests {
  let clock = TestZones.berlinClock
  let now = TestZones.instant("2026-11-22T21:30:00+01:00")
  let habit = SessionFactory.pushPullLegs

  var planner: RunPlanner {
    RunPlanner(settings: Settings(timeZone: TestZones.berlin), now: now, clock: clock)
  }

  /// A daily block at 09:00–10:00 from tomorrow on.
  var daily: FocusBlock {
    let start = clock.instant(TestZones.date("2026-11-23"), LocalTime(parsing: "09:00")!)
    return FocusBlock(
      id: "deep0001", title: "Deep work", start: start, end: start.addingTimeInterval(3600),
      recurrence: FocusRecurrence(weekdays: Set(Weekday.allCases), until: nil))
  }

  @Test func theSameValuesPlanTheSameOutcome() throws {
    let snapshot = PlanSnapshot(sessions: habit, first: clock.localDate(now))
    let first = planner.plan(snapshot, request: .coming(count: 7))
    let second = planner.plan(snapshot, request: .coming(count: 7))
    #expect(first.plan.reminders.map(\.uid) == second.plan.reminders.map(\.uid))
    #expect(first.records == second.records)
    // Nothing stored: every planned workout reminder is new, and named by the rotation.
    let workouts = first.records.filter { $0.kind == .workout }
    #expect(workouts.map(\.date.description) == ["2026-11-23", "2026-11-25", "2026-11-27"])
    #expect(workouts.allSatisfy { first.changes[$0.uid] == .new })
    #expect(first.plan.reminders.compactMap(\.workoutName) == ["Push Day", "Pull Day", "Leg Day"])
  }

  /// Only the one-off blocks' alerts the plan would make and the snapshot holds no record of are
  /// looked up for earlier revisions: not a repeating block's (its UID carries its date), not one
  /// planned before, not one outside the focus window.
  @Test func onlyUnrecordedOneOffAlertsAreLookedUpForEarlierRevisions() throws {
    let today = clock.localDate(now)
    func block(_ id: String, days: Int) -> FocusBlock {
      let start = clock.instant(today.adding(days: days), LocalTime(parsing: "14:00")!)
      return FocusBlock(id: id, title: "Deep work", start: start, end: start.addingTimeInterval(3600))
    }
    let blocks = [block("once0001", days: 1), block("once0002", days: 2), block("far00003", days: 60), daily]
    let last = planner.plan(
      PlanSnapshot(sessions: habit, focusBlocks: [blocks[0]], first: today), request: .coming(count: 7))
    let snapshot = PlanSnapshot(
      sessions: habit, focusBlocks: blocks, stored: last.records.filter { $0.kind == .focusBlock },
      first: today)
    #expect(
      planner.undatedFocusUIDs(snapshot, request: .coming(count: 7)) == ["focus-block-start-once0002@spotter"]
    )
    // The block a command is about to move is read from the overrides.
    let moved = PlanOverrides(blocks: [block("once0001", days: 3)])
    #expect(planner.undatedFocusUIDs(snapshot, overrides: moved, request: .coming(count: 7)).isEmpty)
    let earlier = PlanSnapshot(sessions: habit, focusBlocks: [blocks[1]], first: today)
    var continued = earlier
    continued.earlierSequences = ["focus-block-start-once0002@spotter": 2]
    let planned = planner.plan(continued, request: .coming(count: 7)).records.filter {
      $0.kind == .focusBlock
    }
    #expect(planned.map(\.sequence) == [3])
    #expect(
      planner.plan(earlier, request: .coming(count: 7)).records.filter { $0.kind == .focusBlock }.map(
        \.sequence) == [0])
  }

  @Test func storedRepeatingAlertsAreReadThroughTheSourceAndReconciled() throws {
    let today = clock.localDate(now)
    // Last night's outcome, with the daily block: its alerts are what a store would hold.
    let last = try planner.plan(
      PlanSnapshot(sessions: habit, focusBlocks: [daily], first: today), request: .coming(count: 7)
    ).materialized()
    let alerts = last.records.filter { $0.kind == .focusBlock }
    #expect(!alerts.isEmpty)
    let stored = StoredFocusAlertList(alerts)
    let bounds = (
      lastDate: try #require(alerts.map(\.date).max()), latestEnd: try #require(alerts.map(\.end).max())
    )
    // The same blocks again: every alert is unchanged.
    let again = try planner.plan(
      PlanSnapshot(
        sessions: habit, focusBlocks: [daily], focusAlerts: stored, first: today, datedFocusBounds: bounds),
      request: .coming(count: 7)
    ).materialized()
    #expect(again.records.filter { $0.kind == .focusBlock } == alerts)
    #expect(again.changedFocus.isEmpty)
    // The block removed: each stored alert still ahead comes back cancelled, its sequence bumped.
    let removed = try planner.plan(
      PlanSnapshot(sessions: habit, focusAlerts: stored, first: today, datedFocusBounds: bounds),
      request: .coming(count: 7)
    ).materialized()
    let cancelled = removed.records.filter { $0.kind == .focusBlock }
    #expect(cancelled.count == alerts.count)
    #expect(cancelled.allSatisfy { $0.status == .cancelled })
    #expect(zip(cancelled, alerts).allSatisfy { $0.sequence == $1.sequence + 1 })
  }

  /// Counts the weeks a stream asks for.
  final class CountingAlerts: StoredFocusAlerts, @unchecked Sendable {
    var reads = 0
    func datedFocusAlerts(in dates: Range<LocalDate>) throws -> [ReminderRecord] {
      reads += 1
      return []
    }
  }

  @Test func withoutRepeatingBlocksNoWeekIsRead() throws {
    let today = clock.localDate(now)
    let none = CountingAlerts()
    _ = try planner.plan(
      PlanSnapshot(sessions: habit, focusAlerts: none, first: today), request: .coming(count: 7)
    )
    .materialized()
    #expect(none.reads == 0)
    let some = CountingAlerts()
    _ = try planner.plan(
      PlanSnapshot(sessions: habit, focusBlocks: [daily], focusAlerts: some, first: today),
      request: .coming(count: 7)
    ).materialized()
    #expect(some.reads > 0)
  }
}
