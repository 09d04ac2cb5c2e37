import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The delivery history on a real SQLite file: claims are unique, failures free them, and the
/// catch-up query sees exactly what is still open.
@Suite struct StoreDeliveryTests {
  let fire = TestZones.instant("2026-11-23T17:30:00+01:00")

  func store() throws -> Store {
    try Store(
      path: TestScratch.root
        .appendingPathComponent("spotter-delivery-\(UUID().uuidString)/spotter.sqlite").path)
  }

  func record(_ date: String, sequence: Int = 0) -> ReminderRecord {
    ReminderRecord(
      uid: "workout-reminder-\(date)@spotter", kind: .workout, date: TestZones.date(date), status: .confirmed,
      sequence: sequence, stamp: fire, start: fire.addingTimeInterval(1800),
      end: fire.addingTimeInterval(5400),
      fire: fire, title: "Workout Time!", body: "Today: Push Day")
  }

  @Test func aSecondClaimOfTheSameNotifierIsRefused() throws {
    let store = try store()
    let reminder = record("2026-11-23")
    try store.save([reminder])
    let claim = Delivery(reminder, round: 0, channel: "aaaa", at: fire, outcome: .pending, reason: "on time")
    try store.record([claim])
    #expect(throws: SpotterIOError.alreadyClaimed(uid: reminder.uid)) { try store.record([claim]) }
    // Another notifier, or the next snooze round, is a claim of its own.
    var other = claim
    other.channel = "bbbb"
    try store.record([other])
    var snoozed = claim
    snoozed.round = 1
    try store.record([snoozed])
    #expect(try store.deliveries(uid: reminder.uid).count == 3)
  }

  @Test func theCatchUpQuerySeesOpenNotifiersAndUnconcludedRevisions() throws {
    let store = try store()
    let a = record("2026-11-23")
    let b = record("2026-11-24")
    let later = record("2026-11-25")
    var moved = later
    moved.fire = fire.addingTimeInterval(86400 * 2)
    try store.save([a, b, moved])
    let now = fire.addingTimeInterval(600)
    #expect(
      try store.catchUpCandidates(firingBy: now, channels: ["c1", "c2"]).uids == [a.uid, b.uid])

    // a: one notifier delivered, the other failed: still open for the failed one.
    let claim1 = Delivery(a, round: 0, channel: "c1", at: now, outcome: .pending, reason: "on time")
    var claim2 = claim1
    claim2.channel = "c2"
    try store.record([claim1, claim2])
    try store.settle(
      [claim1, claim2], outcomes: [(.delivered, "exit status 0"), (.failed, "exit status 7")], at: now)
    // b: skipped for its current revision.
    try store.record([Delivery(b, round: 0, at: now, outcome: .skipped, reason: "already trained today")])
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1", "c2"]).uids == [a.uid])
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1"]).uids.isEmpty)

    // A new revision of b (re-planned) is looked at again.
    try store.save([record("2026-11-24", sequence: 1)])
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1"]).uids == [b.uid])
  }

  /// `count` reminders firing a day apart before `fire`, oldest first, each delivered by the
  /// notifier `c1`.
  func settledHistory(_ store: Store, count: Int) throws -> [ReminderRecord] {
    let records = (1...count).reversed().map { back -> ReminderRecord in
      var old = record("2026-11-23")
      old.uid = "workout-reminder-old\(back)@spotter"
      old.fire = fire.addingTimeInterval(-86400 * Double(back))
      return old
    }
    try store.save(records)
    try store.record(
      records.map { Delivery($0, round: 0, channel: "c1", at: fire, outcome: .delivered, reason: "on time") })
    return records
  }

  @Test func theCatchUpMarkHidesOnlySettledRemindersAndHoldsForItsChannels() throws {
    let store = try store()
    let old = try settledHistory(store, count: 30)
    // One concluded without a delivery: discarded as stale.
    var concluded = record("2026-11-01")
    concluded.fire = fire.addingTimeInterval(-86400 * 22.5)
    try store.save([concluded])
    try store.record([Delivery(concluded, round: 0, at: fire, outcome: .discarded, reason: "stale")])
    let open = record("2026-11-23")
    try store.save([open])
    let now = fire.addingTimeInterval(600)
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1"]).uids == [open.uid])
    // Marked up to ten days back: the query reads from there, and finds the same.
    let mark = fire.addingTimeInterval(-86400 * 10)
    try store.markCatchUpSettled(through: mark, channels: ["c1"], advanceSeconds: 7 * 86400)
    #expect(try store.setting(Store.catchUpMarkKey) == "\(Int(mark.timeIntervalSince1970)) c1")
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1"]).uids == [open.uid])
    // Less than the advance later, nothing is written; for other channels, the mark does not hold.
    try store.markCatchUpSettled(
      through: mark.addingTimeInterval(86400), channels: ["c1"], advanceSeconds: 7 * 86400)
    #expect(try store.setting(Store.catchUpMarkKey) == "\(Int(mark.timeIntervalSince1970)) c1")
    #expect(
      try store.catchUpCandidates(firingBy: now, channels: ["c1", "c2"]).uids == old.map(\.uid) + [open.uid])

    // A new revision of a reminder before the mark forgets it: the reminder is seen again.
    var revived = concluded
    revived.sequence = 1
    try store.save([revived])
    #expect(try store.setting(Store.catchUpMarkKey) == nil)
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1"]).uids == [revived.uid, open.uid])
    // And a mark is refused while it would hide it.
    try store.markCatchUpSettled(through: mark, channels: ["c1"], advanceSeconds: 7 * 86400)
    #expect(try store.setting(Store.catchUpMarkKey) == nil)
    try store.record([Delivery(revived, round: 0, at: now, outcome: .discarded, reason: "stale")])
    try store.markCatchUpSettled(through: mark, channels: ["c1"], advanceSeconds: 7 * 86400)
    #expect(try store.setting(Store.catchUpMarkKey) != nil)

    // A snooze, done or undo (an action) forgets it too: a round moved.
    try store.save(
      action: ReminderAction(uid: old[5].uid, round: 1, snoozedUntil: nil, doneAt: nil), records: [])
    #expect(try store.setting(Store.catchUpMarkKey) == nil)
    #expect(try store.catchUpCandidates(firingBy: now, channels: ["c1"]).uids == [old[5].uid, open.uid])

    // A reminder saved after the mark leaves it.
    try store.record([Delivery(old[5], round: 1, at: now, outcome: .discarded, reason: "stale")])
    try store.markCatchUpSettled(through: mark, channels: ["c1"], advanceSeconds: 7 * 86400)
    try store.save([record("2026-11-30")])
    #expect(try store.setting(Store.catchUpMarkKey) != nil)
  }

  @Test func aMarkThatDoesNotReadIsForgottenAndHidesNothing() throws {
    let store = try store()
    _ = try settledHistory(store, count: 3)
    var open = record("2026-11-20")
    open.uid = "open@spotter"
    open.fire = fire.addingTimeInterval(-86400 * 5)
    try store.save([open])
    for text in ["soon c1", "1e999 c1", "\(Int(fire.timeIntervalSince1970))", "nan c1"] {
      try store.setSetting(Store.catchUpMarkKey, text)
      #expect(try store.catchUpCandidates(firingBy: fire, channels: ["c1"]).uids == [open.uid], "\(text)")
    }
    try store.save([open])
    #expect(try store.setting(Store.catchUpMarkKey) == nil)
  }

  @Test func actionsSkippedDaysAndSettingsRoundTrip() throws {
    let store = try store()
    let action = ReminderAction(uid: "x@spotter", round: 2, snoozedUntil: fire, doneAt: nil)
    let day = TestZones.date("2026-11-24")
    try store.save(action: action, skip: (day, true, fire), records: [])
    #expect(try store.actions() == ["x@spotter": action])
    #expect(try store.skippedDays() == [day])
    try store.save(skip: (day, false, fire), records: [])
    #expect(try store.skippedDays().isEmpty)
    try store.setSetting("k", "v")
    #expect(try store.setting("k") == "v")
    try store.setSetting("k", nil)
    #expect(try store.setting("k") == nil)
  }
}
