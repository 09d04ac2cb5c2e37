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
    try text.write(toFile: path, atomically: false, encoding: .utf8)
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

  /// A session dated decades ahead (a phone's clock set to 2062) is kept and said once, by its
  /// date; one a few hours ahead (a zone's worth) is not. Before, both waited unseen: no night
  /// learns from a session before its day.
  @Test func aSessionFarAfterNowIsSaid() async throws {
    let box = try Sandbox()
    var text =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    for (date, name) in [
      ("2026-11-20 18:00:00", "Push"), ("2026-11-26 20:00:00", "Pull"), ("2062-11-14 17:56:00", "Legs"),
    ] {
      text += "\(date),\"\(name)\",1h,\"Bench Press (Barbell)\",1,60,8,0,0,\"\",\"\",\n"
    }
    let path = box.dir.appendingPathComponent("strong.csv").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let imported = try await box.spotter(["import", path], now: now)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("3 sessions, 3 new"), "\(imported.stdout)")
    let notes = imported.stderr.split(separator: "\n").filter { $0.contains("after now") }
    #expect(
      notes == [
        "spotter: note: \(path): a session starts after now, on 2062-11-14 17:56: kept, and learned from when that day comes (a phone's clock set wrong?)"
      ], "\(imported.stderr)")

    text += "2063-01-02 09:00:00,\"Arms\",1h,\"Curl\",1,20,8,0,0,\"\",\"\",\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let again = try await box.spotter(["import", path], now: now)
    #expect(
      again.stderr.contains(
        "\(path): 2 sessions start after now, the first on 2062-11-14 17:56: kept, and learned from when their day comes"
      ), "\(again.stderr)")
  }

  /// A Strong export of six workouts two days apart, then `rows` (lines 8 and on), in `box`.
  func sixWorkouts(in box: Sandbox, then rows: [String]) throws -> String {
    var strong =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    for day in 0..<6 {
      strong +=
        "\(KillEndToEndTests.day(2400 + day * 2)) 18:00:00,\"Push\",1h,\"Bench Press (Barbell)\",1,60,8,0,0,\"\",\"\",\n"
    }
    strong += rows.map { $0 + "\n" }.joined()
    let path = box.dir.appendingPathComponent("strong.csv").path
    try strong.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// A phone reset to its epoch writes 1969-12-31 west of Greenwich: that workout (all its
  /// rows) is left out with a note, once, and the history around it kept, where the one row
  /// refused the whole export; `--strict` refuses it as before.
  @Test func aWorkoutDatedBeforeNineteenSeventyCostsThatWorkout() async throws {
    let box = try Sandbox()
    let path = try sixWorkouts(
      in: box,
      then: (1...2).map { "1969-12-31 19:00:00,\"Push\",1h,\"Squat (Barbell)\",\($0),60,8,0,0,\"\",\"\"," })
    let strict = try await box.spotter(["import", "--strict", path], now: now)
    #expect(strict.status == 65 && strict.stderr.contains("strong.csv:8: column 'Date': date out of range"))
    let imported = try await box.spotter(["import", path], now: now)
    #expect(imported.status == 0 && imported.stdout.contains("6 sessions, 6 new"), "\(imported.stderr)")
    let notes = imported.stderr.split(separator: "\n").filter { $0.contains("left out") }
    #expect(
      notes == [
        "spotter: note: \(path):8: column 'Date': date out of range (1970 to 2099) '1969-12-31 19:00:00'; the workout is left out (import --strict refuses the file)"
      ], "\(imported.stderr)")
  }

  /// One row's date typed as no calendar has it (`2026-08-32`) costs that row's workout, noted,
  /// and the nightly run goes on with the rest, where it refused the whole history; `--strict`
  /// refuses it as before.
  @Test func aTypoedDateCostsThatWorkoutInTheNightlyRun() async throws {
    let box = try Sandbox()
    let path = try sixWorkouts(
      in: box, then: ["2026-08-32 18:00:00,\"Push\",1h,\"Squat (Barbell)\",1,60,8,0,0,\"\",\"\","])
    let strict = try await box.spotter(["import", "--strict", path], now: now)
    #expect(strict.status == 65 && strict.stderr.contains("strong.csv:8: column 'Date': invalid date"))
    let run = try await box.spotter(["run", "--history", path], now: now)
    #expect(run.status == 0 && run.stdout.contains("6 new"), "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains(", 1 workout left out"), "\(run.stdout)")
    #expect(
      run.stderr.contains(
        "spotter: note: \(path):8: column 'Date': invalid date '2026-08-32 18:00:00'; the workout is left out (import --strict refuses the file)"
      ), "\(run.stderr)")
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
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try await box.spotter(["import", path], now: now)
        #expect(result.status == 0, "\(month) \(form) \(name): \(result.stderr)")
      }
    }
  }

  /// A Strong export whose header is in a language Spotter has no names for imports when named,
  /// and now from a folder too: the folder's choice reads its rows, not its first line alone.
  @Test func aStrongExportInAnUnknownLanguageImportsFromAFolder() async throws {
    let box = try Sandbox()
    let folder = box.dir.appendingPathComponent("exports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var text = "Dátum,Edzés neve,Időtartam,Gyakorlat neve,Sorozat sorrend,Súly,Ismétlések,Távolság,"
    text += "Másodpercek,Jegyzetek,Edzés jegyzetek,RPE\n"
    for day in 0..<6 {
      let date = KillEndToEndTests.day(2400 + day * 2)
      for set in 1...3 {
        text += "\(date) 18:00:00,\"Push\",1h,\"Bench Press (Barbell)\",\(set),60,8,0,0,\"\",\"\",\n"
      }
    }
    try text.write(to: folder.appendingPathComponent("strong.csv"), atomically: false, encoding: .utf8)
    let named = try await box.spotter(["import", folder.appendingPathComponent("strong.csv").path], now: now)
    #expect(named.status == 0 && named.stdout.contains("6 sessions"), "\(named.stderr)")
    let other = try Sandbox()
    let fromFolder = try await other.spotter(["import", folder.path], now: now)
    #expect(
      fromFolder.status == 0 && fromFolder.stdout.contains("6 sessions"),
      "\(fromFolder.stdout)\(fromFolder.stderr)")
  }

  /// A folder of downloads whose text files open with thousands of commas (50 here; 5,000 took
  /// a nightly run a minute) still gives its Strong export, and the text files are no history.
  @Test func aFolderOfWideTextFilesStillGivesItsExport() async throws {
    let box = try Sandbox()
    let folder = box.dir.appendingPathComponent("downloads")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let prose = String(repeating: "lorem ipsum dolor sit amet, ", count: 4_000)
    for index in 0..<50 {
      try prose.write(
        to: folder.appendingPathComponent("notes\(index).txt"), atomically: false, encoding: .utf8)
    }
    var text =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    for day in 0..<4 {
      text +=
        "\(KillEndToEndTests.day(2400 + day * 2)) 18:00:00,\"Push\",1h,\"Bench Press (Barbell)\",1,60,8,0,0,\"\",\"\",\n"
    }
    try text.write(to: folder.appendingPathComponent("strong.csv"), atomically: false, encoding: .utf8)
    let imported = try await box.spotter(["import", folder.path], now: now)
    #expect(
      imported.status == 0 && imported.stdout.contains("4 sessions"), "\(imported.stdout)\(imported.stderr)")
    let named = try await box.spotter(["import", folder.appendingPathComponent("notes0.txt").path], now: now)
    #expect(
      named.status == 65 && named.stderr.contains("notes0.txt:1: unknown history format"), "\(named.stderr)")
  }

  /// A phone on the Thai solar calendar writes 2569 for 2026: read as 2026, leap day included;
  /// an end moved past midnight into 2100 is refused with its line like any date out of range.
  @Test func buddhistEraYearsAndDatesMovedOutOfRange() async throws {
    let box = try Sandbox()
    let strong = box.dir.appendingPathComponent("thai.csv").path
    try """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2569-03-02 18:00:00,"Push",1h,"Bench Press (Barbell)",1,60,8,0,0,"","",
    2567-02-29 18:00:00,"Push",1h,"Bench Press (Barbell)",1,60,8,0,0,"","",

    """.write(toFile: strong, atomically: false, encoding: .utf8)
    let imported = try await box.spotter(["import", strong], now: now)
    #expect(imported.status == 0 && imported.stdout.contains("2 sessions"), "\(imported.stderr)")
    let starts = try await SpotterBinary.sqlite(box.db, "SELECT id FROM session ORDER BY started_at")
    #expect(starts == "strong-2024-02-29T18:00:00\nstrong-2026-03-02T18:00:00\n", "\(starts)")
    let hevy = box.dir.appendingPathComponent("late.csv").path
    try """
    "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
    "Push","31 Dec 2099, 23:40","31 Dec 2099, 00:30","","Bench Press (Barbell)",,"",0,"normal",60,8,,,

    """.write(toFile: hevy, atomically: false, encoding: .utf8)
    let late = try await box.spotter(["import", hevy], now: now)
    #expect(
      late.status == 65 && late.stderr.contains("late.csv:2: column 'end_time': date out of range"),
      "\(late.stderr)")
  }
}
