import Foundation
import Testing
import _SpotterTestSupport

/// `agenda install` and `run --nightly` for a New York user on a Berlin machine, around the night
/// whose 21:30 is the second 02:30 in Berlin (2026-10-25): the block gets a line for that date
/// alone, and of all the starts that night only the one at 21:30 New York time runs.
@Suite struct NightlyOnceEndToEndTests {
  /// A nightly run tried with a date in the future (or a clock set wrong, corrected since)
  /// claimed that night; every night until then ended "already started", with no reminders.
  /// Now the nights after go on, each once.
  @Test func aNightlyRunFromTheFutureDoesNotStopTheNightsBeforeIt() async throws {
    let box = try Sandbox()
    let future = try await box.spotter(["run", "--nightly"], now: "2027-06-01T21:30:02+02:00", writes: true)
    #expect(future.status == 0 && future.stdout.contains("planned"), "\(future.stderr)")
    for night in ["2026-11-22", "2026-11-23"] {
      let start = try await box.spotter(["run", "--nightly"], now: "\(night)T21:30:02+01:00", writes: true)
      #expect(start.status == 0 && start.stdout.contains("planned"), "\(night): \(start.stdout)")
      let again = try await box.spotter(["run", "--nightly"], now: "\(night)T21:40:02+01:00", writes: true)
      #expect(again.stdout.contains("already started; nothing to do"), "\(night): \(again.stdout)")
    }
  }

  @Test func theSecondPassNightGetsADatedLineAndEveryNightRunsOnce() async throws {
    var box = try Sandbox()
    try (try String(contentsOfFile: box.config, encoding: .utf8))
      .replacingOccurrences(
        of: "timezone = \"Europe/Berlin\"\n[program]", with: "timezone = \"America/New_York\"\n[program]"
      )
      .write(toFile: box.config, atomically: false, encoding: .utf8)
    let table = try CrontabStandIn()
    try table.install("")
    box.environment = table.environment
    // The night of the 23rd: the line for the 24th is written by its run.
    let first = try await box.spotter(["run", "--nightly"], now: "2026-10-23T21:30:02-04:00", writes: true)
    #expect(first.status == 0 && first.stdout.contains("planned"), "\(first.stderr)")
    let installed = try await box.spotter(
      ["agenda", "install"], now: "2026-10-23T21:31:00-04:00", writes: true)
    #expect(installed.status == 0, "\(installed.stderr)")
    // 21:30 in New York on the 24th is 01:30 UTC on the 25th, after Berlin left summer time at
    // 01:00 UTC: the second 02:30 there. A daily 02:30 fires in the first pass only, so the
    // block also gets a line for that date alone.
    var block = try table.list()
    #expect(block.contains("\n30 2 * * * "), "\(block)")
    #expect(block.contains("\n30 * 25 10 * "), "\(block)")
    #expect(
      block.contains("# 2026-10-25: 02:30 happens twice in Europe/Berlin and the run is the second one."))

    // The 25th in Berlin: the daily line fires in the first pass (00:30 UTC), the dated one
    // every hour at :30; only the start at 01:30 UTC, 21:30 in New York, runs.
    for (instant, runs) in [
      ("2026-10-25T00:30:01Z", false), ("2026-10-25T01:30:01Z", true), ("2026-10-25T02:30:01Z", false),
      ("2026-10-25T03:30:01Z", false),
    ] {
      let start = try await box.spotter(["run", "--nightly"], now: instant, writes: true)
      #expect(start.status == 0, "\(instant): \(start.stderr)")
      if runs {
        #expect(start.stdout.contains("planned"), "\(instant): \(start.stdout)")
      } else {
        #expect(start.stdout.contains("already started; nothing to do"), "\(instant): \(start.stdout)")
      }
    }
    // That run wrote the 26th's line: 21:30 in New York is 02:30 in Berlin, now only once.
    block = try table.list()
    #expect(!block.contains("30 * 25 10 *"), "\(block)")
    let done = try await box.spotter(["run", "--nightly"], now: "2026-10-25T03:30:01Z", writes: true)
    #expect(
      done.stdout == "nightly run of 2026-10-24 (2026-10-24 21:30) already started; nothing to do\n",
      "\(done.stdout)")
    // A run by hand is never held back.
    #expect(
      try await box.spotter(["run"], now: "2026-10-25T03:31:00Z", writes: true).stdout.contains("planned"))
  }
}
