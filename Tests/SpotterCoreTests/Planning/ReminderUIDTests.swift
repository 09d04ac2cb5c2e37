import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterCore

/// UIDs name files on CalDAV servers and in a vdir: only `A-Z a-z 0-9 @ . _ -`, stable, and one
/// per (kind, entity, date).
@Suite struct ReminderUIDTests {
  static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@._-")

  @Test func sessionIdsAreEscapedOneToOne() {
    let strong = Reminder.uid(
      kind: .pausedWorkout, entity: "strong-2026-11-20 18:02:00-1", date: TestZones.date("2026-11-20"))
    #expect(strong == "paused-workout-strong-2026-11-20_2018_3A02_3A00-1-2026-11-20@spotter")
    // Underscores and non-ASCII names from native JSON ids stay apart from their look-alikes.
    let names = ["a_b", "a b", "a__b", "a_20b", "Kniebeuge ü", "x/y:z"]
    let uids = names.map { Reminder.uid(kind: .achievement, entity: $0, date: nil) }
    #expect(Set(uids).count == names.count)
    #expect(uids.allSatisfy { $0.allSatisfy(Self.allowed.contains) })
    #expect(uids[0] == "achievement-a__b@spotter")
    #expect(uids[4] == "achievement-Kniebeuge_20_C3_BC@spotter")
  }

  @Test func plainIdsAreUnchanged() {
    #expect(
      Reminder.uid(kind: .workout, entity: nil, date: TestZones.date("2026-11-23"))
        == "workout-reminder-2026-11-23@spotter")
    #expect(
      Reminder.uid(kind: .focusBlock, entity: "b7f3c2", date: nil) == "focus-block-start-b7f3c2@spotter")
  }
}
