import Foundation
import Testing
import _SpotterTestSupport

/// Exports as apps write them, typos and edge months included, through `spotter import`.
@Suite struct ExportsRound3EndToEndTests {
  let now = "2026-11-26T10:00:00+01:00"

  /// One set with `877777` reps in a semicolon Strong export of 40 sessions: the file imports,
  /// the set is left out and said with its line, column and value, and counted in the summary
  /// and in `--json`; `--strict` refuses the file as before.
  @Test func aTypoCostsOneSetNotTheHistory() async throws {
    let box = try Sandbox()
    var text = "\"Date\";\"Workout #\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";"
    text += "\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\"\n"
    var line = 1
    var typoLine = 0
    for day in 0..<40 {
      let date = KillEndToEndTests.day(2200 + day * 2)
      for set in 1...3 {
        line += 1
        let reps = day == 20 && set == 2 ? "877777" : "8"
        if reps != "8" { typoLine = line }
        text += "\"\(date) 18:00:00\";\"\(day + 1)\";\"Push\";\"3600\";\"Bench Press (Barbell)\";\"\(set)\";"
        text += "\"60\";\"\(reps)\";\"\";\"\";\"\";\"\";\"\"\n"
      }
    }
    let path = box.dir.appendingPathComponent("strong.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let strict = try await box.spotter(["import", "--strict", path], now: now)
    #expect(strict.status == 65, "\(strict.stderr)")
    #expect(strict.stderr.contains("strong.csv:\(typoLine): column 'Reps': invalid reps"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: box.db))
    let imported = try await box.spotter(["import", path], now: now)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.contains("40 sessions, 40 new") && imported.stdout.contains("1 impossible set left out")
    )
    #expect(
      imported.stderr.contains(
        "note: \(path):\(typoLine): column 'Reps': invalid reps (a whole number from 0 to 9999) '877777'; "
          + "the set is left out, its session kept"), "\(imported.stderr)")
    let sets = try await SpotterBinary.sqlite(box.db, "SELECT count(*) FROM session")
    #expect(sets == "40\n")
    let json = try await box.spotter(["import", "--json", path], now: now)
    #expect(json.stdout.contains("\"impossible_sets\" : 1"), "\(json.stdout)")
  }

  /// A Hevy export in the US form whose first (newest) record is in any month imports, with a
  /// 12- or a 24-hour clock, alone or before another: `Mar 2, 2026, 12:49 PM` first was refused.
  @Test(arguments: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
  func aUSHevyFileReadsWhateverMonthComesFirst(_ month: String) async throws {
    let box = try Sandbox()
    let header =
      "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\","
      + "\"set_index\",\"set_type\",\"weight_kg\",\"reps\",\"distance_km\",\"duration_seconds\",\"rpe\"\n"
    func row(_ start: String, _ end: String) -> String {
      "\"Push\",\"\(start)\",\"\(end)\",\"\",\"Bench Press (Barbell)\",,\"\",0,\"normal\",60,8,,,\n"
    }
    for (form, start, end, later) in [
      (
        "12", "\(month) 2, 2026, 12:49 PM", "\(month) 2, 2026, 1:49 PM",
        row("Apr 9, 2025, 7:05 AM", "Apr 9, 2025, 8:05 AM")
      ),
      (
        "24", "\(month) 2, 2026, 12:49", "\(month) 2, 2026, 13:49",
        row("Apr 9, 2025, 07:05", "Apr 9, 2025, 08:05")
      ),
    ] {
      for (name, text) in [("alone", header + row(start, end)), ("first", header + row(start, end) + later)] {
        let path = box.dir.appendingPathComponent("hevy-\(month)-\(form)-\(name).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await box.spotter(["import", path], now: now)
        #expect(result.status == 0, "\(month) \(form) \(name): \(result.stderr)")
      }
    }
  }
}
