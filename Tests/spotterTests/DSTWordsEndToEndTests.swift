import Foundation
import Testing
import _SpotterTestSupport

/// What Spotter says about times around DST changes and late deliveries: a focus start the
/// clocks skip, a snooze into the hour that happens twice, an alert delivered after its block
/// began.
@Suite struct DSTWordsEndToEndTests {
  /// `tomorrow 02:30-03:15` on Berlin's spring-forward day: 02:30 does not exist; the block
  /// keeps its 45 minutes from 03:30, and the note says so.
  @Test func aFocusStartTheClocksSkipIsSaidAndKeepsItsLength() async throws {
    let box = try Sandbox()
    let added = try await box.spotter(
      ["focus", "add", "tomorrow 02:30-03:15", "--title", "Night owl"], now: "2026-03-28T12:00:00+01:00",
      writes: true)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      added.stderr.contains(
        "note: 02:30 does not exist on 2026-03-29 in Europe/Berlin, where the clocks skip it; "
          + "the block starts at 2026-03-29 03:30, as calendars read it"), "\(added.stderr)")
    #expect(added.stdout.contains("2026-03-29 03:30–04:15  Night owl"), "\(added.stdout)")
  }

  /// Snoozed into the hour Berlin reads twice, the confirmation names the pass by its offset.
  @Test func aSnoozeIntoTheRepeatedHourShowsItsOffset() async throws {
    let box = try Sandbox(program: "sun = \"Push Day\"")
    try (try String(contentsOfFile: box.config, encoding: .utf8))
      .replacingOccurrences(of: "[program]", with: "[reminders]\npreferred_time = \"02:30\"\n[program]")
      .write(toFile: box.config, atomically: false, encoding: .utf8)
    #expect(try await box.spotter(["run"], now: "2026-10-24T21:30:00+02:00", writes: true).status == 0)
    // At the first 02:16 (00:16 UTC), 30 minutes later is the first 02:46; at the second, the second.
    let first = try await box.spotter(
      ["snooze", "workout-reminder-2026-10-25", "30m"], now: "2026-10-25T00:16:00Z", writes: true)
    #expect(first.stdout.contains("fires 2026-10-25 02:46 +02:00"), "\(first.stdout)\(first.stderr)")
    let second = try await box.spotter(
      ["snooze", "workout-reminder-2026-10-25", "30m"], now: "2026-10-25T01:16:00Z", writes: true)
    #expect(second.stdout.contains("fires 2026-10-25 02:46 +01:00"), "\(second.stdout)\(second.stderr)")
  }

  /// A focus alert a catch-up delivers after the block began says how long ago it started.
  @Test func aLateFocusAlertSaysItStartedAlready() async throws {
    let box = try Sandbox()
    let added = try await box.spotter(
      ["focus", "add", "2026-11-23 10:00", "--for", "1h", "--title", "Deep work"],
      now: "2026-11-22T21:00:00+01:00", writes: true)
    #expect(added.status == 0, "\(added.stderr)")
    let late = try await box.spotter(["catch-up"], now: "2026-11-23T10:12:00+01:00")
    #expect(late.status == 0, "\(late.stderr)")
    #expect(
      box.delivered.contains { $0.hasPrefix("Focus block started|Deep work started 12 minutes ago|") },
      "\(box.delivered) \(late.stdout)")
  }
}
