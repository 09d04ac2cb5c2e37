import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@Suite struct NightlyCronTimeTests {
  let utc = ZoneClock(timeZone: TimeZone(identifier: "Etc/UTC")!)
  let tokyo = ZoneClock(timeZone: TimeZone(identifier: "Asia/Tokyo")!)
  let evening = LocalTime(hour: 21, minute: 30)

  /// Only the due night's claim ends a start: one of a later night was made with the clock ahead
  /// (a `--now` in the future), and honoured it would skip every night until then.
  @Test func aClaimFromAClockAheadDoesNotSkipTheNightsUntilThen() {
    let berlin = ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let schedule = NightlyCronTime(
      nightly: LocalTime(hour: 21, minute: 30), userClock: berlin, cronClock: berlin)
    let monday = LocalDate(year: 2026, month: 11, day: 23)!
    let evening = berlin.instant(LocalDateTime(date: monday, time: LocalTime(hour: 21, minute: 31)))
    #expect(schedule.decision(at: evening, lastClaimed: nil) == .run(monday))
    #expect(schedule.decision(at: evening, lastClaimed: monday.adding(days: -1)) == .run(monday))
    #expect(schedule.decision(at: evening, lastClaimed: monday) == .done(monday))
    #expect(schedule.decision(at: evening, lastClaimed: monday.adding(days: 1)) == .run(monday))
    #expect(
      schedule.decision(at: evening, lastClaimed: LocalDate(year: 2027, month: 6, day: 1)!) == .run(monday))
  }

  @Test func aUTCServerWritesTokyosEveningAsItsNoon() {
    let nightly = NightlyCronTime(nightly: evening, userClock: tokyo, cronClock: utc)
    // 00:20:41 in Tokyo, a clock with seconds: tonight's run is still ahead.
    let now = TestZones.instant("2026-11-24T00:20:41+09:00")
    #expect(nightly.nextRun(after: now) == TestZones.instant("2026-11-24T21:30:00+09:00"))
    #expect(nightly.cronTime(after: now) == LocalTime(hour: 12, minute: 30))
    #expect(nightly.differs(after: now))
    #expect(nightly.problem(from: now) == nil)
  }

  @Test func theRunItselfWritesTheLineForTheNightAfter() {
    let nightly = NightlyCronTime(nightly: evening, userClock: TestZones.berlinClock, cronClock: utc)
    // Berlin leaves summer time on 2026-10-25: the run of the 24th (19:30 UTC) writes 20:30 for
    // the 25th, and a run at the very instant of the line counts as begun.
    let run = TestZones.instant("2026-10-24T21:30:00+02:00")
    #expect(nightly.cronTime(after: run) == LocalTime(hour: 20, minute: 30))
    #expect(
      nightly.cronTime(after: TestZones.instant("2026-10-23T21:30:00.5+02:00"))
        == LocalTime(hour: 19, minute: 30))
  }

  @Test func oneZoneReadsTheTimeUnchanged() {
    let nightly = NightlyCronTime(
      nightly: evening, userClock: TestZones.berlinClock, cronClock: TestZones.berlinClock)
    let now = TestZones.instant("2026-03-29T12:00:00+02:00")
    #expect(nightly.cronTime(after: now) == evening)
    #expect(!nightly.differs(after: now))
  }

  @Test func aTimeThatCronReadsTwiceIsRefused() {
    // 09:30 in Tokyo is 01:30 in London, which happens twice on 2027-10-31.
    let london = ZoneClock(timeZone: TimeZone(identifier: "Europe/London")!)
    let nightly = NightlyCronTime(
      nightly: LocalTime(hour: 9, minute: 30), userClock: tokyo, cronClock: london)
    let problem = nightly.problem(from: TestZones.instant("2026-11-24T00:00:00+09:00"))
    #expect(problem?.contains("2026-10-25") == false)
    #expect(problem?.contains("Europe/London") == true, "\(problem ?? "nil")")
    #expect(problem?.contains("DST overlap") == true)
    // The user's own clock is checked as before.
    let early = NightlyCronTime(nightly: LocalTime(hour: 2, minute: 0), userClock: tokyo, cronClock: utc)
    #expect(
      early.problem(from: TestZones.instant("2026-11-24T00:00:00+09:00"))?.contains("01:00 and 03:00") == true
    )
  }
}
