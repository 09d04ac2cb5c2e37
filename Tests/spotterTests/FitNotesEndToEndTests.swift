import Foundation
import Testing

/// A FitNotes for Android history, which has dates but no times, through the built binary.
@Suite struct FitNotesEndToEndTests {
  @Test func dateOnlyDaysAreLearnedAndRemindedAtThePreferredTime() async throws {
    let dir = try SpotterBinary.scratch()
    var csv = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time\n"
    // Mondays and Thursdays for eight weeks before Sunday 2026-11-22.
    let day = Calendar(identifier: .gregorian).date(from: DateComponents(year: 2026, month: 9, day: 28))!
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    for week in 0..<8 {
      for offset in [0, 3] {
        let date = formatter.string(from: day.addingTimeInterval(Double(week * 7 + offset) * 86400))
        csv += "\(date),Pull Up,Back,0.0,kgs,8,,,\n\(date),Barbell Curl,Biceps,30.0,kgs,10,,,\n"
      }
    }
    let file = dir.appendingPathComponent("FitNotes_Export.csv")
    try csv.write(to: file, atomically: false, encoding: .utf8)
    let db = dir.appendingPathComponent("spotter.sqlite").path
    let common = ["--db", db, "--timezone", "Europe/Berlin", "--now", "2026-11-22T21:30:00+01:00"]
    let imported = try await SpotterBinary.run(["import", file.path] + common)
    #expect(imported.status == 0)
    #expect(imported.stdout.contains("(fitnotes-csv): 16 sessions"))
    let pattern = try await SpotterBinary.run(["pattern"] + common)
    #expect(pattern.status == 0)
    #expect(pattern.stdout.contains("Mon    -    -       dates only"))
    #expect(pattern.stdout.contains("reminders announce preferred_time (09:00)"))
    let plan = try await SpotterBinary.run(["plan", "--days", "1", "--json"] + common)
    #expect(plan.status == 0)
    #expect(plan.stdout.contains("\"start_local\" : \"2026-11-23 09:00\""))
    #expect(plan.stdout.contains("Back + Biceps"))
  }
}
