import Foundation
import Testing

/// `snooze`, `done` and `fire` take any unique start of a UID, as `focus` and `session` take ids.
@Suite struct ReminderIdEndToEndTests {
  @Test func aUniquePrefixNamesTheReminderAndAnAmbiguousOneListsThem() async throws {
    let box = try Sandbox(program: "mon = \"Push Day\"\nwed = \"Pull Day\"")
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(try await box.spotter(["run", "--days", "3"], now: evening, writes: true).status == 0)

    let ambiguous = try await box.spotter(
      ["snooze", "workout-reminder-2026-11-2"], now: evening, writes: true)
    #expect(ambiguous.status == 64)
    #expect(
      ambiguous.stderr
        == "spotter: error: reminder: 'workout-reminder-2026-11-2' starts 2 UIDs: "
        + "workout-reminder-2026-11-23@spotter, workout-reminder-2026-11-25@spotter; give more of it\n")

    let snoozed = try await box.spotter(
      ["snooze", "workout-reminder-2026-11-23"], now: evening, writes: true)
    #expect(snoozed.status == 0, "\(snoozed.stderr)")
    #expect(snoozed.stdout.hasPrefix("snoozed workout-reminder-2026-11-23@spotter"))
    let done = try await box.spotter(["done", "workout-reminder-2026-11-25"], now: evening, writes: true)
    #expect(done.stdout.hasPrefix("done workout-reminder-2026-11-25@spotter"))
    #expect(try await box.spotter(["fire", "nothing-like-it"], now: evening).status == 64)
  }

  /// A prefix under four characters says it is too short rather than "no such reminder"; a
  /// snooze past the event's start says so; `focus list --to D` includes D.
  @Test func shortPrefixesLateSnoozesAndInclusiveRanges() async throws {
    let box = try Sandbox(program: "mon = \"Push Day\"")
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(try await box.spotter(["run", "--days", "2"], now: evening, writes: true).status == 0)
    let short = try await box.spotter(["snooze", "wor"], now: evening, writes: true)
    #expect(short.status == 64)
    #expect(short.stderr.contains("reminder: 'wor' is too short to name one; give at least 4 characters"))
    let focusShort = try await box.spotter(["focus", "rm", "ab"], now: evening, writes: true)
    #expect(focusShort.status == 64 && focusShort.stderr.contains("focus block: 'ab' is too short"))
    // Monday 09:00 (alarm 08:30, the preferred time); a 2-hour snooze at 08:31.
    let late = try await box.spotter(
      ["snooze", "workout-reminder-2026-11-23", "2h"], now: "2026-11-23T08:31:00+01:00", writes: true)
    #expect(late.status == 0, "\(late.stderr)")
    #expect(late.stderr.contains("warning: the alarm now fires at"), "\(late.stderr)")
    #expect(late.stderr.contains("after the event's start"))
    #expect(
      try await box.spotter(
        ["focus", "add", "2026-11-25 09:00", "--for", "1h", "--title", "On D"], now: evening, writes: true
      )
      .status == 0)
    let listed = try await box.spotter(
      ["focus", "list", "--from", "2026-11-24", "--to", "2026-11-25"], now: evening)
    #expect(listed.stdout.contains("On D"), "\(listed.stdout)")
  }

  /// `skip --undo` on a day that was never skipped creates nothing: no reminder nobody asked for.
  @Test func undoingASkipThatNeverWasCreatesNothing() async throws {
    let box = try Sandbox(program: "mon = \"Push Day\"\nthu = \"Leg Day\"")
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(try await box.spotter(["run", "--days", "1"], now: evening, writes: true).status == 0)
    let undo = try await box.spotter(["skip", "2026-11-26", "--undo"], now: evening, writes: true)
    #expect(undo.status == 64)
    #expect(
      undo.stderr.contains("argument <day>: was not skipped, so there is nothing to undo"), "\(undo.stderr)")
    #expect(try box.event("workout-reminder-2026-11-26@spotter") == nil)
    // A real skip and its undo still work.
    #expect(try await box.spotter(["skip", "2026-11-23"], now: evening, writes: true).status == 0)
    #expect(try await box.spotter(["skip", "2026-11-23", "--undo"], now: evening, writes: true).status == 0)
    #expect(try box.event("workout-reminder-2026-11-23@spotter")?.status != "CANCELLED")
  }

  /// `done --undo` takes a done mark back: the reminder returns, confirmed, with a higher
  /// SEQUENCE; on a reminder never marked it is refused.
  @Test func aDoneMarkCanBeTakenBack() async throws {
    let box = try Sandbox(program: "mon = \"Push Day\"")
    let evening = "2026-11-22T21:30:00+01:00"
    #expect(try await box.spotter(["run", "--days", "1"], now: evening, writes: true).status == 0)
    let uid = "workout-reminder-2026-11-23@spotter"
    let never = try await box.spotter(["done", uid, "--undo"], now: evening, writes: true)
    #expect(never.status == 64 && never.stderr.contains("is not marked done"), "\(never.stderr)")
    #expect(try await box.spotter(["done", uid], now: evening, writes: true).status == 0)
    #expect(try box.event(uid)?.status == "CANCELLED")
    let undone = try await box.spotter(["done", uid, "--undo"], now: evening, writes: true)
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(undone.stdout.hasPrefix("undone \(uid)"), "\(undone.stdout)")
    let event = try #require(try box.event(uid))
    #expect(event.status != "CANCELLED")
    #expect(event.sequence == 2)
    #expect(try box.agenda().contains(uid))
  }

  /// Every action given by prefix acts on the full UID and survives the next nightly `run` and
  /// `plan`, and its undo finds it: the actions were once stored under the text typed, which the
  /// planner never looked up, so the next run put a reminder marked done back with its alarm.
  @Test func actionsByPrefixSurviveTheNextRunAndCanBeUndone() async throws {
    let box = try Sandbox(program: "mon = \"Push Day\"\nwed = \"Pull Day\"\nfri = \"Leg Day\"")
    let evening = "2026-11-22T21:30:00+01:00"
    let later = "2026-11-22T21:40:00+01:00"
    #expect(try await box.spotter(["run", "--days", "7"], now: evening, writes: true).status == 0)
    let monday = "workout-reminder-2026-11-23@spotter"
    let wednesday = "workout-reminder-2026-11-25@spotter"
    let alarmBefore = try #require(try box.event(monday)?.alarmInstants.first)

    let done = try await box.spotter(["done", "workout-reminder-2026-11-25"], now: evening, writes: true)
    #expect(done.status == 0, "\(done.stderr)")
    let snoozed = try await box.spotter(
      ["snooze", "workout-reminder-2026-11-23", "40m"], now: evening, writes: true)
    #expect(snoozed.status == 0, "\(snoozed.stderr)")
    let snoozedAlarm = try #require(try box.event(monday)?.alarmInstants.first)
    #expect(snoozedAlarm == alarmBefore.addingTimeInterval(40 * 60))
    #expect(try await box.spotter(["skip", "2026-11-27"], now: evening, writes: true).status == 0)

    let run = try await box.spotter(["run", "--days", "7"], now: later, writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try box.event(wednesday)?.status == "CANCELLED")
    #expect(try box.event(monday)?.alarmInstants.first == snoozedAlarm)
    #expect(try box.event("workout-reminder-2026-11-27@spotter")?.status == "CANCELLED")
    #expect(try box.agendaLine(wednesday) == nil)
    let plan = try await box.spotter(["plan", "--days", "7"], now: later)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(!plan.stdout.contains("2026-11-25 17:"), "\(plan.stdout)")

    let undone = try await box.spotter(
      ["done", "workout-reminder-2026-11-25", "--undo"], now: later, writes: true)
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try box.event(wednesday)?.status != "CANCELLED")
    #expect(try await box.spotter(["skip", "2026-11-27", "--undo"], now: later, writes: true).status == 0)
    #expect(try await box.spotter(["run", "--days", "7"], now: later, writes: true).status == 0)
    #expect(try box.event(wednesday)?.status != "CANCELLED")
    #expect(try box.event("workout-reminder-2026-11-27@spotter")?.status != "CANCELLED")
    #expect(try box.event(monday)?.alarmInstants.first == snoozedAlarm)
  }
}
