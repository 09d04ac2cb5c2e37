import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@Suite struct NightlyTimeValidatorTests {
  let today = TestZones.date("2026-11-21")

  @Test func theDSTWindowIsRefusedAndAnEveningIsFine() {
    let berlin = NightlyTimeValidator(clock: TestZones.berlinClock)
    #expect(berlin.problem(with: LocalTime(hour: 21, minute: 30), from: today) == nil)
    #expect(
      berlin.problem(with: LocalTime(hour: 2, minute: 30), from: today)?.contains("01:00 and 03:00") == true)
    #expect(berlin.problem(with: LocalTime(hour: 3, minute: 0), from: today) != nil)
    #expect(berlin.problem(with: LocalTime(hour: 0, minute: 30), from: today) == nil)
  }

  @Test func aZoneThatChangesAtMidnightIsCheckedDayByDay() throws {
    // Chile springs forward at 00:00 (in September), so 00:30 does not exist that night.
    let santiago = NightlyTimeValidator(
      clock: ZoneClock(timeZone: try #require(TimeZone(identifier: "America/Santiago"))))
    let problem = santiago.problem(with: LocalTime(hour: 0, minute: 30), from: TestZones.date("2027-06-01"))
    #expect(problem?.contains("DST gap") == true, "\(problem ?? "nil")")
    #expect(
      santiago.problem(with: LocalTime(hour: 21, minute: 30), from: TestZones.date("2027-06-01")) == nil)
  }
}
