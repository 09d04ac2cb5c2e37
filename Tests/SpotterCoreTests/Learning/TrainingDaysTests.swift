import Testing
import _SpotterTestSupport

@testable import SpotterCore

@Suite struct TrainingDaysTests {
  let first = TestZones.date("2026-11-01")

  @Test func holdsAMinuteADayAndWhetherOnlyTheDateIsKnown() {
    var days = TrainingDays(first: first)
    days.set(TestZones.date("2026-11-03"), minute: 1080, untimed: false)
    days.set(TestZones.date("2026-11-01"), minute: 0, untimed: true)
    #expect(days[TestZones.date("2026-11-03")] == 1080)
    #expect(days[TestZones.date("2026-11-01")] == 0)
    #expect(days.isUntimed(TestZones.date("2026-11-01")))
    #expect(!days.isUntimed(TestZones.date("2026-11-03")))
    // A day between, and days outside the table on either side, were no training days.
    #expect(days[TestZones.date("2026-11-02")] == nil)
    #expect(days[TestZones.date("2026-10-31")] == nil)
    #expect(days[TestZones.date("2026-11-30")] == nil)
    #expect(!days.isUntimed(TestZones.date("2026-11-30")))
    #expect(days.count == 2)
  }

  @Test func aDaySetAgainIsCountedOnceAndTakesItsNewValue() {
    var days = TrainingDays(first: first)
    let day = TestZones.date("2026-11-05")
    days.set(day, minute: 0, untimed: true)
    days.set(day, minute: 420, untimed: false)
    #expect(days.count == 1)
    #expect(days[day] == 420)
    #expect(!days.isUntimed(day))
  }

  @Test func listsItsDatesOldestFirstAndFindsTheLastBeforeADate() {
    var days = TrainingDays(first: first)
    for text in ["2026-11-20", "2026-11-02", "2026-11-11"] {
      days.set(TestZones.date(text), minute: 600, untimed: false)
    }
    #expect(days.dates == ["2026-11-02", "2026-11-11", "2026-11-20"].map(TestZones.date))
    #expect(days.earliest == TestZones.date("2026-11-02"))
    #expect(days.latest(before: TestZones.date("2026-11-20")) == TestZones.date("2026-11-11"))
    #expect(days.latest(before: TestZones.date("2026-12-25")) == TestZones.date("2026-11-20"))
    #expect(days.latest(before: TestZones.date("2026-11-02")) == nil)
    #expect(days.latest(before: TestZones.date("2026-10-01")) == nil)
  }

  @Test func anEmptyTableHasNoDays() {
    let days = TrainingDays(first: first)
    #expect(days.count == 0)
    #expect(days.dates.isEmpty)
    #expect(days.earliest == nil)
    #expect(days.latest(before: TestZones.date("2026-12-01")) == nil)
  }
}
