import SpotterCore
import Testing

@testable import SpotterIO

@Suite struct TimestampParserTests {
  func local(_ text: String) -> LocalDateTime {
    let date = LocalDate(parsing: String(text.prefix(10)))!
    let clock = text.dropFirst(11).split(separator: ":").map { Int($0)! }
    return LocalDateTime(date: date, secondOfDay: clock[0] * 3600 + clock[1] * 60 + clock[2])
  }

  @Test(arguments: [
    ("2025-02-24 15:10:32", "2025-02-24 15:10:32"),
    (" 2025-02-24 15:10:32\t", "2025-02-24 15:10:32"),
    ("2025-01-30 12:34:56\u{202F}pm", "2025-01-30 12:34:56"),
    ("2025-01-30 12:34:56\u{00A0}am", "2025-01-30 00:34:56"),
    ("2025-01-30 1:05:00 PM", "2025-01-30 13:05:00"),
    ("2025-01-30 11:05", "2025-01-30 11:05:00"),
  ])
  func strongForms(text: String, expected: String) {
    #expect(TimestampParser.strong(text) == local(expected))
  }

  @Test(arguments: [
    "", "2025-02-30 10:00:00", "2025-02-24", "2025-02-24 24:00:00", "2025-02-24 10:60", "2025-02-24 13:00 pm",
    "2025-02-24 10:00 xm", "2025/02/24 10:00", "２０２５-02-24 10:00", "2025-02-24 1:2:3",
  ])
  func strongRejects(text: String) {
    #expect(TimestampParser.strong(text) == nil)
  }

  @Test(arguments: [
    ("5 Dec 2025, 11:37", "2025-12-05 11:37:00"),
    ("05 Dec 2025, 11:37", "2025-12-05 11:37:00"),
    ("5 December 2025,11:37", "2025-12-05 11:37:00"),
    ("2024-01-07 17:15:00", "2024-01-07 17:15:00"),
  ])
  func hevyForms(text: String, expected: String) {
    #expect(TimestampParser.hevy(text) == local(expected))
  }

  @Test(arguments: [
    "5 Dez 2025, 11:37", "31 Feb 2025, 11:37", "5 Dec 25, 11:37", "5 Dec 2025", "5 Dec 2025, 11",
  ])
  func hevyRejects(text: String) {
    #expect(TimestampParser.hevy(text) == nil)
  }

  @Test func iso8601FormsWithAndWithoutOffsets() throws {
    let plain = try #require(TimestampParser.iso8601("2026-11-20T18:02:00"))
    #expect(plain.0 == local("2026-11-20 18:02:00") && plain.offset == nil)
    let spaced = try #require(TimestampParser.iso8601(" 2026-11-20 18:02:00.250Z "))
    #expect(spaced.0 == local("2026-11-20 18:02:00") && spaced.offset == 0)
    #expect(TimestampParser.iso8601("2026-11-20T18:02+05:30")?.offset == 19800)
    #expect(TimestampParser.iso8601("2026-11-20T18:02:00-0800")?.offset == -28800)
    #expect(TimestampParser.iso8601("2026-11-20T18:02:00-08")?.offset == -28800)
    for bad in ["2026-11-20", "2026-11-20T18:02:00+5", "2026-11-20T18:02:00.x", "2026-11-20X18:02:00"] {
      #expect(TimestampParser.iso8601(bad) == nil, "\(bad)")
    }
  }

  @Test func strongDurations() {
    #expect(TimestampParser.duration("1h 3m") == 3780)
    #expect(TimestampParser.duration("38min") == 2280)
    #expect(TimestampParser.duration("264h 1m") == 950_460)
    #expect(TimestampParser.duration("45s") == 45)
    #expect(TimestampParser.duration("2176") == 2176)
    #expect(TimestampParser.duration(" ") == nil)
    #expect(TimestampParser.duration("1 hour") == nil)
  }
}
