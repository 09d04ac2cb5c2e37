import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@Suite struct FocusTimeParserTests {
  /// Sunday evening in Berlin.
  let parser = FocusTimeParser(
    clock: ZoneClock(timeZone: TestZones.berlin), now: TestZones.instant("2026-11-22T21:30:00+01:00"))

  @Test(arguments: [
    ("tomorrow 09:00", "2026-11-23T09:00:00+01:00"),
    ("today 22:15", "2026-11-22T22:15:00+01:00"),
    ("morgen 7:30", "2026-11-23T07:30:00+01:00"),
    ("fri 14:00", "2026-11-27T14:00:00+01:00"),
    ("sun 14:00", "2026-11-29T14:00:00+01:00"),
    ("sun 23:00", "2026-11-22T23:00:00+01:00"),
    ("09:00", "2026-11-23T09:00:00+01:00"),
    ("22:00", "2026-11-22T22:00:00+01:00"),
    ("2026-12-01 08:00", "2026-12-01T08:00:00+01:00"),
    ("2026-12-01T08:00", "2026-12-01T08:00:00+01:00"),
    ("tomorrow 9am", "2026-11-23T09:00:00+01:00"),
    ("tomorrow 9:00 pm", "2026-11-23T21:00:00+01:00"),
    ("9:30pm", "2026-11-23T21:30:00+01:00"),
    ("12am", "2026-11-23T00:00:00+01:00"),
    ("fri 12pm", "2026-11-27T12:00:00+01:00"),
    ("next mon 18:00", "2026-11-23T18:00:00+01:00"),
    ("next sun 23:00", "2026-11-29T23:00:00+01:00"),
    ("+2h", "2026-11-22T23:30:00+01:00"),
    ("+1d30m", "2026-11-23T22:00:00+01:00"),
    // After a day, a bare hour is the hour.
    ("tomorrow 9", "2026-11-23T09:00:00+01:00"), ("fri 14", "2026-11-27T14:00:00+01:00"),
  ])
  func starts(text: String, expected: String) {
    #expect(parser.start(text)?.start == TestZones.instant(expected))
  }

  /// A shell's clock has seconds and fractions: relative times count from its minute.
  @Test(arguments: [
    ("2026-11-22T21:30:17+01:00", "+2h", "2026-11-22T23:30:00+01:00"),
    ("2026-11-22T21:30:59.9+01:00", "+90m", "2026-11-22T23:00:00+01:00"),
    ("2026-11-22T23:59:30.25+01:00", "+1d2h", "2026-11-24T01:59:00+01:00"),
    ("2026-11-23T00:00:01+01:00", "+2h", "2026-11-23T02:00:00+01:00"),
  ])
  func relativeStartsCountFromTheMinute(now: String, text: String, expected: String) {
    let parser = FocusTimeParser(clock: ZoneClock(timeZone: TestZones.berlin), now: TestZones.instant(now))
    #expect(parser.start(text)?.start == TestZones.instant(expected))
  }

  @Test func rangesGiveAnEndThatMayCrossMidnight() throws {
    let range = try #require(parser.start("09:00-10:30"))
    #expect(range.end == TestZones.instant("2026-11-23T10:30:00+01:00"))
    let late = try #require(parser.start("tomorrow 23:00-01:00"))
    #expect(late.end == TestZones.instant("2026-11-24T01:00:00+01:00"))
    #expect(parser.end("10:30", after: range.start) == TestZones.instant("2026-11-23T10:30:00+01:00"))
  }

  @Test(arguments: [
    "", "soon", "25:00", "9", "tomorrow", "fri 14:00-", "xyz 10:00", "13pm", "0am", "+0h", "+2x",
    "next 10:00",
    "next fri", "+", "9:5am",
  ])
  func rejects(text: String) {
    #expect(parser.start(text) == nil)
  }

  @Test(arguments: [
    ("today", "2026-11-22"), ("tomorrow", "2026-11-23"), ("fri", "2026-11-27"), ("sun", "2026-11-22"),
    ("next sun", "2026-11-29"), ("Next Mon", "2026-11-23"), ("+2d", "2026-11-24"),
    ("2026-12-01", "2026-12-01"),
  ])
  func days(text: String, expected: String) {
    #expect(parser.day(text) == LocalDate(parsing: expected))
  }

  @Test(arguments: ["", "soon", "+2h", "next", "fri 10:00", "2026-13-01"])
  func rejectsDays(text: String) {
    #expect(parser.day(text) == nil)
  }

  @Test func durations() {
    #expect(FocusTimeParser.duration("90m") == 5400)
    #expect(FocusTimeParser.duration("1h30m") == 5400)
    #expect(FocusTimeParser.duration("1h 30min") == 5400)
    #expect(FocusTimeParser.duration("1.5h") == 5400)
    #expect(FocusTimeParser.duration("2h") == 7200)
    // "90" alone is minutes now (issue 30): see lengthsAsTyped.
    for bad in ["", "0m", "25h", "-5m", "1x"] {
      #expect(FocusTimeParser.duration(bad) == nil, "\(bad)")
    }
  }

  /// Lengths as people type them: `90` is minutes, `1h30` an hour and a half.
  @Test func lengthsAsTyped() {
    #expect(FocusTimeParser.duration("90") == 90 * 60)
    #expect(FocusTimeParser.duration("1h30") == 90 * 60)
    #expect(FocusTimeParser.duration("1h30m") == 90 * 60)
    #expect(FocusTimeParser.duration("2h") == 7200)
    #expect(FocusTimeParser.duration("30 1h") == nil)
    #expect(FocusTimeParser.duration("0") == nil)
  }

  /// A time of the right shape that does not exist is named.
  @Test func impossibleTimesAreNamed() {
    #expect(FocusTimeParser.timeProblem("tomorrow 25") == "hour 25 does not exist")
    #expect(FocusTimeParser.timeProblem("fri 9:75") == "minute 75 does not exist")
    #expect(FocusTimeParser.timeProblem("tomorrow 09:00") == nil)
    #expect(parser.start("tomorrow 25") == nil)
  }
}
