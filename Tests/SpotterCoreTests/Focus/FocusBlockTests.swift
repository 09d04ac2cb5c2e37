import Foundation
import SpotterCore
import Testing

/// A block's last occurrence in a run of dates, which bounds a streamed run's span before its
/// first event is written: it must be the last of all its occurrences there.
@Suite struct FocusBlockTests {
  let clock = ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)

  func date(_ text: String) throws -> LocalDate { try #require(LocalDate(parsing: text)) }

  func block(_ every: String?, until: String? = nil, start: String = "2026-11-23T23:30:00+01:00") throws
    -> FocusBlock
  {
    let begin = try #require(ISO8601DateFormatter().date(from: start))
    return FocusBlock(
      id: "abcd1234", title: "Late", start: begin, end: begin.addingTimeInterval(7200),
      recurrence: try every.map {
        FocusRecurrence(
          weekdays: try #require(FocusRecurrence.weekdays(parsing: $0)), until: try until.map(date))
      })
  }

  @Test(
    arguments: [
      ("daily", nil, "2026-11-20", "2027-01-22"),
      ("mon,wed", nil, "2026-11-20", "2027-01-22"),
      ("sun", "2026-12-20", "2026-11-20", "2027-01-22"),
      ("fri", "2026-12-20", "2026-12-21", "2027-01-22"),
      ("daily", nil, "2026-03-20", "2026-04-02"),
      ("sat", nil, "2026-11-24", "2026-11-28"),
    ] as [(String, String?, String, String)])
  func theLastOccurrenceIsTheLastOfAll(every: String, until: String?, from: String, to: String) throws {
    let repeating = try block(every, until: until)
    let dates = try date(from)..<date(to)
    let all = repeating.occurrences(in: dates, clock: clock)
    #expect(repeating.lastOccurrence(in: dates, clock: clock) == all.last)
    #expect(all.map(\.end).max() == all.last?.end)
  }

  @Test func aOneOffBlockHasItsOneOccurrenceOrNone() throws {
    let once = try block(nil)
    let day = try date("2026-11-23")
    #expect(once.lastOccurrence(in: day..<day.adding(days: 1), clock: clock)?.date == day)
    #expect(once.lastOccurrence(in: try date("2026-11-24")..<date("2026-12-24"), clock: clock) == nil)
  }
}
