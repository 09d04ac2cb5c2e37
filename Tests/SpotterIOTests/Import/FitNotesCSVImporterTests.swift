import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// FitNotes for Android and Fit Notes for iOS, from real exports: the first three days of
/// lukaszebedin/PersonalWeightTracker's FitNotes_Export.csv (MIT, © Prashant-JT), and the first
/// three workouts plus a failed and two unstarted sets of melvinrdn/intervals-icu-fitnotes'
/// FitNotesWorkouts.csv (MIT).
@Suite struct FitNotesCSVImporterTests {
  @Test func androidDaysAreSessionsWithoutATimeOfDay() throws {
    let (format, sessions) = try FixtureLoader.read("fitnotes-android.csv", unit: .pounds)
    #expect(format == .fitNotesCSV)
    #expect(
      sessions.map(\.workoutName) == ["Back + Shoulders + Biceps", "Chest + Shoulders + Triceps", "Legs"])
    #expect(sessions.allSatisfy { !$0.hasTimeOfDay && $0.end == nil && $0.source == .fitnotes })
    // Local midnight of the day, in the configured zone.
    #expect(sessions[0].start == TestZones.instant("2023-11-21T00:00:00+01:00"))
    #expect(sessions.map(\.setCount) == [21, 21, 15])
    let first = sessions[0].exercises[0]
    #expect(first.name == "Pull Up")
    // The Weight Unit column ("kgs") wins over the configured pounds.
    #expect(first.sets[0].weight == 64 && first.sets[0].unit == .kilograms && first.sets[0].reps == 8)
  }

  @Test func androidOldHeaderWithTheUnitInIt() throws {
    // The 2020 header, verbatim from a real export.
    let text = """
      Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time
      2020-09-13,Barbell Squat,Legs,45.0,10,,,
      2020-09-15,Flat Barbell Bench Press,Chest,135.0,5,,,

      """
    let (format, sessions) = try FixtureLoader.parse(text)
    #expect(format == .fitNotesCSV)
    #expect(sessions.map(\.workoutName) == ["Legs", "Chest"])
    #expect(sessions[1].exercises[0].sets[0].unit == .pounds)
    #expect(sessions[1].exercises[0].sets[0].weight == 135)
  }

  /// A `Weight Unit` cell typed as no unit (`kgz`) costs that set with a note naming it, as a
  /// weight that is no number does; strictly read, the file is refused.
  @Test func aTypoedUnitCostsItsSet() throws {
    var lines = try String(contentsOf: FixtureLoader.url("fitnotes-android.csv"), encoding: .utf8)
      .components(separatedBy: "\n")
    lines[2] = lines[2].replacingOccurrences(of: ",kgs,", with: ",kgz,")
    let text = lines.joined(separator: "\n")
    let (clean, _) = try FixtureLoader.parseNoting(
      try String(contentsOf: FixtureLoader.url("fitnotes-android.csv"), encoding: .utf8), name: "fitnotes.csv"
    )
    let (sessions, findings) = try FixtureLoader.parseNoting(text, name: "fitnotes.csv")
    #expect(sessions.count == clean.count)
    func sets(_ sessions: [Session]) -> Int { sessions.flatMap(\.exercises).map(\.sets.count).reduce(0, +) }
    #expect(sets(sessions) == sets(clean) - 1)
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "fitnotes.csv:3: column 'Weight Unit': unknown weight unit 'kgz'"
      ])
    #expect(throws: SpotterIOError.self) { try FixtureLoader.parse(text, name: "fitnotes.csv") }
  }

  @Test func androidBadDateNamesItsLine() {
    let text =
      "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time\n"
      + "2023-11-21,Pull Up,Back,64.0,kgs,8,,,\n23/13/2023,Pull Up,Back,64.0,kgs,8,,,\n"
    #expect {
      try FixtureLoader.parse(text, name: "fitnotes.csv")
    } throws: {
      "\($0)" == "fitnotes.csv:3: column 'Date': invalid date '23/13/2023'"
    }
  }

  /// Outside --strict, a day typed as no calendar has it costs that day's rows, noted, not the
  /// history.
  @Test func androidTypoedDateCostsThatDay() throws {
    let rows =
      (10...19).map { "2023-11-\($0),Pull Up,Back,64.0,kgs,8,,," } + ["2023-11-32,Pull Up,Back,64.0,kgs,8,,,"]
    let text =
      (["Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time"] + rows)
      .joined(separator: "\n") + "\n"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "fitnotes.csv")
    #expect(kept.count == 10)
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "fitnotes.csv:12: column 'Date': invalid date '2023-11-32'"
      ])
  }

  /// The Android export saved again by a spreadsheet: German dates with semicolons and decimal
  /// commas, and US dates whose order a day over 12 tells (the first rows, read day first for
  /// want of a reason, are turned round). Each reads as the app's own file; it was refused at
  /// its first date. A day written two ways is still one session.
  @Test func androidExportsSavedAgainByASpreadsheet() throws {
    let header = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time"
    let app = [
      "2023-11-05,Pull Up,Back,64.0,kgs,8,,,", "2023-11-05,Curl,Biceps,12.5,kgs,10,,,",
      "2023-11-21,Squat,Legs,100.0,kgs,5,,,",
    ]
    let (_, expected) = try FixtureLoader.parse(([header] + app).joined(separator: "\n") + "\n")
    let german = [
      "05.11.2023;Pull Up;Back;64,0;kgs;8;;;", "05.11.2023;Curl;Biceps;12,5;kgs;10;;;",
      "21.11.2023;Squat;Legs;100,0;kgs;5;;;",
    ]
    let (format, fromGerman) = try FixtureLoader.parse(
      ([header.replacingOccurrences(of: ",", with: ";")] + german).joined(separator: "\r\n") + "\r\n")
    #expect(format == .fitNotesCSV)
    #expect(fromGerman == expected)
    let us = [
      "11/05/2023,Pull Up,Back,64.0,kgs,8,,,", "11/05/2023,Curl,Biceps,12.5,kgs,10,,,",
      "11/21/2023,Squat,Legs,100.0,kgs,5,,,",
    ]
    let (_, fromUS) = try FixtureLoader.parse(([header] + us).joined(separator: "\n") + "\n")
    #expect(fromUS == expected)
    let mixed = [
      "2023-11-05,Pull Up,Back,64.0,kgs,8,,,", "05.11.2023,Curl,Biceps,12.5,kgs,10,,,",
      "21.11.2023,Squat,Legs,100.0,kgs,5,,,",
    ]
    let (_, fromMixed) = try FixtureLoader.parse(([header] + mixed).joined(separator: "\n") + "\n")
    #expect(fromMixed == expected)
  }

  @Test func iOSWorkoutsWithUTCTimesAndDecimalCommas() throws {
    let (format, sessions) = try FixtureLoader.read("fitnotes-ios.csv")
    #expect(format == .fitNotesIOSCSV)
    #expect(sessions.map(\.workoutName) == ["Push", "Legs focus ischio", "Push", "Workout", "AA-A"])
    #expect(sessions[0].start == TestZones.instant("2025-02-23T10:13:53Z"))
    #expect(sessions[0].end == TestZones.instant("2025-02-23T11:08:47Z"))
    #expect(sessions.allSatisfy { $0.hasTimeOfDay })
    let press = sessions[0].exercises[0]
    #expect(press.name == "Incline Dumbell Press")
    #expect(press.sets.map(\.weight) == [17.5, 22.5, 22.5, 22.5])
    #expect(press.sets.map(\.reps) == [7, 6, 6, 6])
    #expect(sessions[0].exercises[1].sets.map(\.weight) == [8.75, 11.25, 11.75, 13.75])
    // Status: "Failed" is a failed set, "NotStarted" one planned but not done.
    #expect(sessions[3].exercises[0].sets.map(\.kind) == [.failure])
    #expect(sessions[4].exercises[0].sets.map(\.completed) == [false, false])
  }

  @Test func iOSWarmUpsAndBadNumbers() throws {
    let header =
      "Name,StartTime,EndTime,BodyWeight,Exercise,Equipment,Reps,Weight,Time,Distance,Status,IsWarmup,"
      + "RPE,RIR,Categories,Note\n"
    func rows(_ weight: String, warmup: String) -> String {
      "Push,2025-02-23T10:13:53Z,2025-02-23T11:08:47Z,\"94,0\",Bench Press,Barbell,8,\"\(weight)\",,,Done,\(warmup),,,,\n"
    }
    let (_, sessions) = try FixtureLoader.parse(
      header + rows("40", warmup: "true") + rows("60,5", warmup: "false"))
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [.warmup, .normal])
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [40, 60.5])
    #expect {
      try FixtureLoader.parse(header + rows("sixty", warmup: "false"), name: "fit.csv")
    } throws: { "\($0)" == "fit.csv:2: column 'Weight': invalid number 'sixty'" }
  }

  /// Fit Notes for iOS: a workout whose start is typed as no clock has it costs that workout,
  /// all its rows, noted; the others are kept.
  @Test func iOSTypoedStartCostsThatWorkout() throws {
    let header =
      "Name,StartTime,EndTime,BodyWeight,Exercise,Equipment,Reps,Weight,Time,Distance,Status,IsWarmup,"
      + "RPE,RIR,Categories,Note"
    var rows = (10...19).flatMap { day in
      (0..<2).map { _ in
        "Push,2025-02-\(day)T10:13:53Z,2025-02-\(day)T11:08:47Z,,Bench Press,Barbell,8,60,,,Done,false,,,,"
      }
    }
    rows += (0..<2).map { _ in
      "Push,2025-02-20T25:13:53Z,2025-02-20T11:08:47Z,,Bench Press,Barbell,8,60,,,Done,false,,,,"
    }
    // A status no version wrote costs its set.
    rows[1] = rows[1].replacingOccurrences(of: ",Done,", with: ",Paused,")
    let text = ([header] + rows).joined(separator: "\n") + "\n"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "fit.csv")
    #expect(kept.count == 10)
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "fit.csv:22: column 'StartTime': invalid time (expected ISO 8601 with Z) '2025-02-20T25:13:53Z'"
      ])
    #expect(
      findings.impossibleSets.map { "\($0)" } == ["fit.csv:3: column 'Status': unknown set status 'Paused'"])
  }

  /// FitNotes writes custom exercise names with bare commas: the row is rebuilt from its typed
  /// columns and the categories and exercises the file's other rows name; a row that stays
  /// ambiguous is refused with its line.
  @Test func androidNamesWithBareCommasAreRebuilt() throws {
    let text = """
      Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time
      2024-01-08,Squat,Legs,100.0,kgs,5,,,
      2024-01-08,Overhead Press (Each Side, Dumbbells),Shoulders,22.5,kgs,10,,,
      2024-01-08,Overhead Press (Each Side, Dumbbells),Shoulders,22.5,kgs,9,,,
      2024-01-08,Lateral Raise,Shoulders,10.0,kgs,12,,,
      2024-01-10,Curl, Hammer, Cable,Biceps,30.0,kgs,10,,,
      2024-01-10,Row,Back,60.0,kgs,8,,,
      2024-01-10,Bench,Biceps,1,kgs,1,,,

      """
    var importer = HistoryImporter(clock: TestZones.berlinClock, defaultUnit: .kilograms)
    importer.strict = true
    let (_, sessions) = try importer.parse(Data(text.utf8), fileName: "fn.csv")
    #expect(sessions.count == 2)
    let monday = sessions[0].exercises.map(\.name)
    #expect(monday == ["Squat", "Overhead Press (Each Side, Dumbbells)", "Lateral Raise"], "\(monday)")
    #expect(sessions[0].exercises[1].sets.map(\.reps) == [10, 9])
    #expect(sessions[0].workoutName == "Legs + Shoulders")
    #expect(sessions[1].exercises.map(\.name).first == "Curl, Hammer, Cable")
    #expect(sessions[1].workoutName == "Biceps + Back")

    // Neither "Mystery, Thing" and "Odd" nor "Mystery" and "Thing, Odd" is named anywhere else.
    let ambiguous = text.replacingOccurrences(
      of: "2024-01-10,Row,Back,60.0,kgs,8,,,", with: "2024-01-10,Mystery, Thing, Odd,60.0,kgs,8,,,")
    #expect(throws: SpotterIOError.fieldCount(file: "fn.csv", line: 7, expected: 9, found: 10)) {
      try importer.parse(Data(ambiguous.utf8), fileName: "fn.csv")
    }
  }
}
