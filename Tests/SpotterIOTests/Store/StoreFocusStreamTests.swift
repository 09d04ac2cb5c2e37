import Foundation
import SpotterCore
import SpotterIO
import Testing

/// The store's side of a streamed run: repeating blocks' alerts are read by week apart from the
/// rest, and their held-back revisions commit with the next save of revisions or not at all.
@Suite struct StoreFocusStreamTests {
  let day = LocalDate(parsing: "2026-11-26")!

  func store() throws -> Store {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "spotter-\(UUID().uuidString).sqlite")
    return try Store(path: path.path)
  }

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
      Set(try store.remindersBesideDatedFocusAlerts(from: day).map(\.uid)) == [
        oneOff.uid, workout.uid, moved.uid,
      ])
    let bounds = try #require(try store.datedFocusAlertBounds(from: day))
    #expect(bounds.lastDate == next && bounds.latestEnd == dated.end)
    #expect(try store.datedFocusAlertBounds(from: day.adding(days: 2)) == nil)
  }

  @Test func heldBackRevisionsCommitWithTheNextSaveOrAreForgotten() throws {
    let store = try store()
    let first = record("focus-block-start-abcd1234-\(day)@spotter", on: day)
    try store.stagePending([first])
    #expect(try store.hasPendingRevisions())
    #expect(try store.reminders(from: day).isEmpty, "held back, not saved")
    try store.save([record("workout-reminder-\(day)@spotter", kind: .workout, on: day)])
    #expect(try !store.hasPendingRevisions())
    #expect(try store.reminders(from: day).count == 2)

    var next = first
    next.sequence = 1
    try store.stagePending([next])
    try store.discardPending()
    try store.save([])
    #expect(try store.reminders(from: day).first { $0.uid == first.uid }?.sequence == 0)
  }
}
