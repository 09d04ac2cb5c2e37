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
  ])
  func starts(text: String, expected: String) {
    #expect(parser.start(text)?.start == TestZones.instant(expected))
  }

  @Test func rangesGiveAnEndThatMayCrossMidnight() throws {
    let range = try #require(parser.start("09:00-10:30"))
    #expect(range.end == TestZones.instant("2026-11-23T10:30:00+01:00"))
    let late = try #require(parser.start("tomorrow 23:00-01:00"))
    #expect(late.end == TestZones.instant("2026-11-24T01:00:00+01:00"))
    #expect(parser.end("10:30", after: range.start) == TestZones.instant("2026-11-23T10:30:00+01:00"))
  }

  @Test(arguments: ["", "soon", "25:00", "9", "tomorrow", "tomorrow 9:00 pm", "fri 14:00-", "xyz 10:00"])
  func rejects(text: String) {
    #expect(parser.start(text) == nil)
  }

  @Test func durations() {
    #expect(FocusTimeParser.duration("90m") == 5400)
    #expect(FocusTimeParser.duration("1h30m") == 5400)
    #expect(FocusTimeParser.duration("1h 30min") == 5400)
    #expect(FocusTimeParser.duration("1.5h") == 5400)
    #expect(FocusTimeParser.duration("2h") == 7200)
    for bad in ["", "90", "0m", "25h", "-5m", "1x"] {
      #expect(FocusTimeParser.duration(bad) == nil, "\(bad)")
    }
  }
}
