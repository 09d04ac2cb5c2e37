import Testing

@testable import SpotterCore

@Suite struct LocalDateTests {
  @Test func roundTripsThroughDayCount() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      let date = LocalDate(daysSinceEpoch: days)
      #expect(date.daysSinceEpoch == days)
      #expect(LocalDate(year: date.year, month: date.month, day: date.day) == date)
      #expect(LocalDate(parsing: date.description) == date || date.year < 0 || date.year > 9999)
    }
    // Fixed points, counted elsewhere (Python's datetime).
    let known = [
      ("1970-01-01", 0), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2026-11-28", 20_785),
      ("1600-03-01", -135_080),
    ]
    for (text, days) in known {
      #expect(LocalDate(parsing: text)?.daysSinceEpoch == days, "\(text)")
      #expect(LocalDate(daysSinceEpoch: days).description == text)
    }
  }

  @Test func knowsWeekdays() {
    #expect(LocalDate(parsing: "1970-01-01")!.weekday == .thursday)
    #expect(LocalDate(parsing: "2026-11-23")!.weekday == .monday)
    #expect(LocalDate(parsing: "2024-02-29")!.weekday == .thursday)
  }

  @Test func rejectsImpossibleDates() {
    #expect(LocalDate(parsing: "2026-02-29") == nil)
    #expect(LocalDate(parsing: "2026-13-01") == nil)
    #expect(LocalDate(parsing: "26-01-01") == nil)
    #expect(LocalDate(parsing: "2024-02-29") != nil)
  }

  @Test func parsesTimes() {
    #expect(LocalTime(parsing: "09:00")?.minuteOfDay == 540)
    #expect(LocalTime(parsing: "9:05")?.description == "09:05")
    #expect(LocalTime(parsing: "24:00") == nil)
    #expect(LocalTime(parsing: "18:5") == nil)
    #expect(LocalTime(parsing: "abc") == nil)
  }

  @Test func readsWeekdayKeysInBothLanguages() {
    #expect(Weekday(key: "Mon") == .monday)
    #expect(Weekday(key: "mittwoch") == .wednesday)
    #expect(Weekday(key: "Fr") == .friday)
    #expect(Weekday(key: "funday") == nil)
  }
}
