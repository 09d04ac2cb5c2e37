import Foundation
import Testing
import _SpotterTestSupport

/// Without `--from`, a run plans the coming days: tomorrow, and today too while one of today's
/// reminders is still ahead. Set up at 00:20, the morning's workout gets its reminder.
@Suite struct ComingDaysEndToEndTests {
  /// Tuesday is Leg Day at 07:00, reminded at 06:30.
  func sandbox(zone: String = "Europe/Berlin") throws -> Sandbox {
    var box = try Sandbox(
      program: "tue = \"Leg Day\"", extra: "[reminders]\npreferred_time = \"07:00\"\nlead_minutes = 30")
    let text = try String(contentsOfFile: box.config, encoding: .utf8)
      .replacingOccurrences(of: "\"Europe/Berlin\"", with: "\"\(zone)\"")
    try text.write(toFile: box.config, atomically: false, encoding: .utf8)
    box.environment = ["TZ": "UTC"]
    return box
  }

  @Test func justAfterMidnightTheMorningsWorkoutIsPlanned() async throws {
    let box = try sandbox()
    // 00:20:41 on Tuesday 24 November, Berlin.
    let run = try await box.spotter(["run", "--days", "1"], now: "2026-11-24T00:20:41+01:00", writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("for 2026-11-24 to 2026-11-25"), "\(run.stdout)")
    let tuesday = try #require(try box.event("workout-reminder-2026-11-24@spotter"))
    #expect(tuesday.alarmInstants == [TestZones.instant("2026-11-24T06:30:00+01:00")])
    let plan = try await box.spotter(["plan", "--days", "1"], now: "2026-11-24T00:20:41+01:00")
    #expect(plan.stdout.hasPrefix("Plan for 2026-11-24 to 2026-11-25"), "\(plan.stdout)")
  }

  @Test func onceTodaysReminderIsBehindTheRunPlansFromTomorrow() async throws {
    let box = try sandbox()
    _ = try await box.spotter(["run", "--days", "1"], now: "2026-11-24T00:20:41+01:00", writes: true)
    // 06:45: the alarm fired at 06:30; today is left as it is.
    let later = try await box.spotter(["run", "--days", "1"], now: "2026-11-24T06:45:12+01:00", writes: true)
    #expect(later.stdout.contains("for 2026-11-25, 0 changed"), "\(later.stdout)")
    #expect(try box.event("workout-reminder-2026-11-24@spotter")?.status != "CANCELLED")
    // The evening before, as always: tomorrow alone.
    let evening = try sandbox()
    let run = try await evening.spotter(
      ["run", "--days", "1"], now: "2026-11-23T21:30:00+01:00", writes: true)
    #expect(run.stdout.contains("for 2026-11-24, 1 changed"), "\(run.stdout)")
  }

  /// A UTC server, a user in Tokyo: 00:20 in Tokyo is 15:20 UTC the day before.
  @Test func aUTCMachineWithAFarAwayZone() async throws {
    let box = try sandbox(zone: "Asia/Tokyo")
    let run = try await box.spotter(["run", "--days", "1"], now: "2026-11-23T15:20:00Z", writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("for 2026-11-24 to 2026-11-25"), "\(run.stdout)")
    let tuesday = try #require(try box.event("workout-reminder-2026-11-24@spotter"))
    #expect(tuesday.alarmInstants == [TestZones.instant("2026-11-24T06:30:00+09:00")])
  }
}

extension ComingDaysEndToEndTests {
  /// `[reminders] horizon_days` sets how many days a run plans without `--days`: the installed
  /// nightly line, which names none, follows it.
  @Test func theConfigSetsTheHorizon() async throws {
    let box = try Sandbox(
      program: "tue = \"Leg Day\"\nthu = \"Push Day\"", extra: "[reminders]\nhorizon_days = 4")
    let run = try await box.spotter(["run"], now: "2026-11-23T21:30:05+01:00", writes: true)
    #expect(run.stdout.contains("for 2026-11-24 to 2026-11-27"), "\(run.stdout)")
    #expect(try box.event("workout-reminder-2026-11-26@spotter") != nil)
    let told = try await box.spotter(["plan", "--days", "1"], now: "2026-11-23T21:30:05+01:00")
    #expect(told.stdout.hasPrefix("Plan for 2026-11-24 (Europe/Berlin)"), "\(told.stdout)")
    try "[reminders]\nhorizon_days = 0\n".write(toFile: box.config, atomically: false, encoding: .utf8)
    let bad = try await box.spotter(["plan"], now: "2026-11-23T21:30:05+01:00")
    #expect(bad.status == 78 && bad.stderr.contains("reminders.horizon_days"), "\(bad.stderr)")
  }
}
