import Foundation
import SpotterCore
import SpotterIO
import Testing
import _SpotterTestSupport

/// The store's side of a streamed run: repeating blocks' alerts are read by week apart from the
/// rest, and written in one transaction with the command's save, or not at all.
@Suite struct StoreFocusStreamTests {
  let day = LocalDate(parsing: "2026-11-26")!

  let path = TestScratch.root.appendingPathComponent(
    "spotter-\(UUID().uuidString).sqlite"
  )
  .path

  func store() throws -> Store { try Store(path: path) }

  func record(_ uid: String, kind: ReminderKind = .focusBlock, on date: LocalDate, sequence: Int = 0)
    -> ReminderRecord
  {
    let start = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 8 * 3600)
    return ReminderRecord(
      uid: uid, kind: kind, date: date, status: .confirmed, sequence: sequence, stamp: start, start: start,
      end: start.addingTimeInterval(3600), fire: start.addingTimeInterval(-900), title: "t", body: "b")
  }

  @Test func onlyAlertsWhoseUIDCarriesTheirDateAreStreamed() throws {
    let store = try store()
    let next = day.adding(days: 1)
    let dated = record("focus-block-start-abcd1234-\(next)@spotter", on: next)
    // A one-off block keeps its UID on any day; a workout reminder is no focus alert.
    let oneOff = record("focus-block-start-bcde2345@spotter", on: next)
    let workout = record("workout-reminder-\(next)@spotter", kind: .workout, on: next)
    // A UID dated for another day than its row is not this day's stream either.
    let moved = record("focus-block-start-cdef3456-\(day)@spotter", on: next)
    try store.save([dated, oneOff, workout, moved])

    #expect(try store.datedFocusAlerts(in: day..<day.adding(days: 7)).map(\.uid) == [dated.uid])
    #expect(try store.datedFocusAlerts(in: day.adding(days: 2)..<day.adding(days: 7)).isEmpty)
    #expect(
      Set(
        try store.reminders(from: day, unstartedAfter: .distantFuture, besideDatedFocusAlerts: true).from.map(
          \.uid))
        == [
          oneOff.uid, workout.uid, moved.uid,
        ])
    let bounds = try #require(try store.datedFocusAlertBounds(from: day))
    #expect(bounds.lastDate == next && bounds.latestEnd == dated.end)
    #expect(try store.datedFocusAlertBounds(from: day.adding(days: 2)) == nil)
  }

  /// Beside the reminders from the first day, the same statement reads those dated in the two
  /// days before it that have not started (a change of zone dated them back), but for
  /// follow-ups; and a one-off alert's SEQUENCE stored under an earlier date is found by UID.
  @Test func remindersDatedBackThatHaveNotStartedAndEarlierSequencesAreRead() throws {
    let store = try store()
    let yesterday = day.adding(days: -1)
    // Each starts at 08:00 UTC of its date; now is 07:00 on `day`, so yesterday's has started.
    let now = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 7 * 3600)
    var ahead = record("workout-reminder-\(yesterday)@spotter", kind: .workout, on: yesterday)
    ahead.start = now.addingTimeInterval(600)
    var followUp = record("paused-workout-s1-\(yesterday)@spotter", kind: .pausedWorkout, on: yesterday)
    followUp.start = now.addingTimeInterval(600)
    let begun = record("rest-day-reminder-\(yesterday)@spotter", kind: .restDay, on: yesterday)
    var tooOld = record(
      "workout-reminder-\(day.adding(days: -3))@spotter", kind: .workout, on: day.adding(days: -3))
    tooOld.start = now.addingTimeInterval(600)
    let today = record("focus-block-start-abcd1234@spotter", on: day, sequence: 2)
    let moved = record("focus-block-start-bcde2345@spotter", on: yesterday, sequence: 4)
    try store.save([ahead, followUp, begun, tooOld, today, moved])

    let read = try store.reminders(from: day, unstartedAfter: now, besideDatedFocusAlerts: true)
    #expect(read.from.map(\.uid) == [today.uid])
    #expect(read.unstarted.map(\.uid) == [ahead.uid])
    let all = try store.reminders(from: day, unstartedAfter: now, besideDatedFocusAlerts: false)
    #expect(all.from.map(\.uid) == [today.uid])
    #expect(all.unstarted.map(\.uid) == [ahead.uid])
    #expect(
      try store.sequences(of: [today.uid, moved.uid, "focus-block-start-none@spotter"], before: day) == [
        moved.uid: 4
      ])
  }

  @Test func aRunsTransactionShowsItsWritesToNoOneUntilItCommits() throws {
    let store = try store()
    let alert = record("focus-block-start-abcd1234-\(day)@spotter", on: day)
    let workout = record("workout-reminder-\(day)@spotter", kind: .workout, on: day)
    try store.begin()
    try store.save([alert])
    #expect(try store.reminders(from: day).map(\.uid) == [alert.uid], "its own writes read back inside")
    #expect(try Store(readingAt: path).reminders(from: day).isEmpty, "no other connection sees them")
    try store.rollback()
    #expect(try store.reminders(from: day).isEmpty)

    // The walk's save and the command's are savepoints of one transaction.
    try store.begin()
    try store.save([alert])
    try store.save([workout])
    try store.commit()
    #expect(try Store(readingAt: path).reminders(from: day).count == 2)
    // With none open, a rollback does nothing, and a save is a transaction of its own.
    try store.rollback()
    try store.save([
      record("workout-reminder-\(day.adding(days: 1))@spotter", kind: .workout, on: day.adding(days: 1))
    ])
    #expect(try Store(readingAt: path).reminders(from: day).count == 3)
  }

  @Test func aStreamedWeekIsSavedOnlyInsideARunsTransactionAndGoesWithIt() throws {
    let store = try store()
    let alert = record("focus-block-start-abcd1234-\(day)@spotter", on: day)
    // Outside a run's transaction it would be a write of its own, which no week may be.
    #expect(throws: SpotterIOError.self) { try store.saveStreamed([alert]) }
    #expect(try store.reminders(from: day).isEmpty)

    try store.begin()
    try store.saveStreamed([alert])
    #expect(try store.reminders(from: day).map(\.uid) == [alert.uid])
    try store.rollback()
    #expect(try store.reminders(from: day).isEmpty, "a rolled-back run keeps no week")

    try store.begin()
    try store.saveStreamed([alert])
    try store.save([record("workout-reminder-\(day)@spotter", kind: .workout, on: day)])
    try store.commit()
    #expect(try Store(readingAt: path).reminders(from: day).count == 2)
  }
}
