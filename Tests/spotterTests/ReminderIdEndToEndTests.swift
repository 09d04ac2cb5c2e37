import Foundation
import Testing

/// `snooze`, `done` and `fire` take any unique start of a UID, as `focus` and `session` take ids.
@Suite struct ReminderIdEndToEndTests {
  @Test func aUniquePrefixNamesTheReminderAndAnAmbiguousOneListsThem() throws {
    let box = try Sandbox(program: "mon = \"Push Day\"\nwed = \"Pull Day\"")
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(try box.spotter(["run", "--days", "3"], now: evening, writes: true).status == 0)

    let ambiguous = try box.spotter(["snooze", "workout-reminder-2026-11-2"], now: evening, writes: true)
    #expect(ambiguous.status == 64)
    #expect(
      ambiguous.stderr
        == "spotter: error: reminder: 'workout-reminder-2026-11-2' starts 2 UIDs: "
        + "workout-reminder-2026-11-23@spotter, workout-reminder-2026-11-25@spotter; give more of it\n")

    let snoozed = try box.spotter(["snooze", "workout-reminder-2026-11-23"], now: evening, writes: true)
    #expect(snoozed.status == 0, "\(snoozed.stderr)")
    #expect(snoozed.stdout.hasPrefix("snoozed workout-reminder-2026-11-23@spotter"))
    let done = try box.spotter(["done", "workout-reminder-2026-11-25"], now: evening, writes: true)
    #expect(done.stdout.hasPrefix("done workout-reminder-2026-11-25@spotter"))
    #expect(try box.spotter(["fire", "nothing-like-it"], now: evening).status == 64)
  }
}
