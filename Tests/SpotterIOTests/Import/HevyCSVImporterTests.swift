import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct HevyCSVImporterTests {
  @Test func readsNewestFirstExportOldestFirst() throws {
    let (format, sessions) = try FixtureLoader.read("hevy-kg.csv")
    #expect(format == .hevyCSV)
    #expect(sessions.map(\.workoutName) == ["Legs", "Pull", "Late Push"])
    #expect(sessions[0].start == TestZones.instant("2025-10-02T07:00:00+02:00"))
    let pull = sessions[1]
    #expect(pull.exercises.map(\.name) == ["Dead Hang", "Lat Pulldown (Cable)"])
    #expect(pull.exercises[1].sets.map(\.kind) == [.failure, .drop])
    #expect(pull.exercises[0].sets[0].weight == nil)
    #expect(pull.end == TestZones.instant("2025-10-02T19:16:00+02:00"))
  }

  @Test func workoutsAcrossMidnightEndTheNextDay() throws {
    let (_, sessions) = try FixtureLoader.read("hevy-kg.csv")
    let late = sessions[2]
    #expect(late.end!.timeIntervalSince(late.start) == 51 * 60)
    #expect(late.exercises[0].sets.map(\.kind) == [.warmup, .normal])
  }

  @Test func longWorkoutsKeepTheirRealEnd() throws {
    let header =
      "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,"
      + "set_type,weight_kg,reps,distance_km,duration_seconds,rpe\n"
    func row(_ title: String, _ start: String, _ end: String) -> String {
      "\"\(title)\",\"\(start)\",\"\(end)\",,\"Squat (Barbell)\",,,0,normal,100,5,,,\n"
    }
    let (_, sessions) = try FixtureLoader.parse(
      header + row("Long", "3 Oct 2025, 09:00", "3 Oct 2025, 13:23")
        + row("Forgotten", "5 Oct 2025, 09:00", "6 Oct 2025, 11:00"))
    // 4 h 23 min, as in a real export: past Strong's 4-hour cap for runaway timers, and real.
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval((4 * 60 + 23) * 60))
    // Left running for 26 hours: no workout's length.
    #expect(sessions[1].end == nil)
  }

  @Test func imperialHeaderMeansPounds() throws {
    let (_, sessions) = try FixtureLoader.read("hevy-lbs.csv", unit: .kilograms)
    let set = sessions[0].exercises[0].sets[0]
    #expect(set.unit == .pounds)
    #expect(set.weight == 135)
  }

  /// The header of a metric Hevy export.
  static let header =
    #""title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe""#

  /// Parses one metric Hevy data row under the real header, as file `hevy.csv`.
  func parseRow(_ row: String) throws -> (HistoryFormat, [Session]) {
    try FixtureLoader.parse(Self.header + "\n" + row + "\n", name: "hevy.csv")
  }

  /// Six workouts on 1 to 6 October 2025, a row each, then `rows`, read as the nightly run reads
  /// `hevy.csv`.
  func sixPulls(then rows: [String], at index: Int) throws -> (sessions: [Session], findings: ImportFindings)
  {
    var lines = (1...6).map { day in
      #""Pull","\#(day) Oct 2025, 18:06","\#(day) Oct 2025, 19:16","","Row",,"",0,"normal",80,7,,,"#
    }
    lines.insert(contentsOf: rows, at: index)
    return try FixtureLoader.parseNoting(
      ([Self.header] + lines).joined(separator: "\n") + "\n", name: "hevy.csv")
  }

  /// An export from a German phone made in a month's first days: every date `dd.MM.yyyy` with
  /// both numbers 12 or under. Dots are day first in every language, so it reads; it was
  /// refused as readable both ways, the whole history with it.
  @Test func dottedDatesOfAMonthsFirstDaysRead() throws {
    let (_, sessions) = try FixtureLoader.parse(
      Self.header + "\n"
        + #""Push","05.06.2026, 07:30","05.06.2026, 08:30","","Bench Press","","",0,"normal","80","5","","","""#
        + "\n"
        + #""Pull","02.06.2026, 07:30","02.06.2026, 08:30","","Row","","",0,"normal","60","8","","","""#
        + "\n",
      name: "hevy.csv")
    // 07:30 in Berlin, where the fixtures are read: 05:30 UTC in June.
    #expect(sessions.map { "\($0.start)" } == ["2026-06-02 05:30:00 +0000", "2026-06-05 05:30:00 +0000"])
  }

  @Test func unknownSetTypeIsAnError() {
    #expect(
      throws: SpotterIOError.malformedRow(
        file: "hevy.csv", line: 2, column: "set_type", value: "heavy",
        reason: "unknown set type; accepted: \(SetKind.acceptedWords)")
    ) {
      try parseRow(#""Pull","2 Oct 2025, 18:06","2 Oct 2025, 19:16","","Row",,"",0,"heavy",80,7,,,"#)
    }
  }

  /// Outside strict parsing, a set type no version of the app wrote before (one Hevy adds)
  /// costs that set and is noted, its workout kept; a file of them is still refused as misread.
  @Test func anUnknownSetTypeCostsItsSetOutsideStrictParsing() throws {
    let header = Self.header
    let rows = (0..<6).map { index in
      #""Pull","2 Oct 2025, 18:06","2 Oct 2025, 19:16","","Row",,"",\#(index),"\#(index == 3 ? "cluster" : "normal")",80,7,,,"#
    }
    let text = ([header] + rows).joined(separator: "\n") + "\n"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "hevy.csv")
    #expect(kept.first?.exercises.first?.sets.count == 5)
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "hevy.csv:5: column 'set_type': unknown set type; accepted: \(SetKind.acceptedWords) 'cluster'"
      ])
    let all =
      ([header] + rows.map { $0.replacingOccurrences(of: "\"normal\"", with: "\"cluster\"") })
      .joined(separator: "\n") + "\n"
    let everyOne = ImportFindings()
    _ = try HistoryImporter(clock: TestZones.berlinClock, defaultUnit: .kilograms).parsePacked(
      Data(all.utf8), fileName: "hevy.csv", findings: everyOne)
    #expect(throws: SpotterIOError.self) { try everyOne.check() }
  }

  /// A workout dated before 1970 (a phone reset to its epoch) is left out whole, all its rows,
  /// with one note; the others are kept. Strictly read, it refuses the file.
  @Test func aWorkoutBeforeNineteenSeventyCostsThatWorkout() throws {
    let rows = (0..<3).map { index in
      #""Pull","31 Dec 1969, 19:00","31 Dec 1969, 20:00","","Row",,"",\#(index),"normal",80,7,,,"#
    }
    let (kept, findings) = try sixPulls(then: rows, at: 6)
    #expect(kept.count == 6)
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "hevy.csv:8: column 'start_time': date out of range (1970 to 2099) '31 Dec 1969, 19:00'"
      ])
    #expect(throws: SpotterIOError.self) { try parseRow(rows[0]) }
  }

  /// A start no calendar has (`32 Oct 2025`, typed into a spreadsheet) costs that workout, not
  /// the export; strictly read, or in a file of them, it still refuses.
  @Test func aTypoedStartCostsThatWorkout() throws {
    let typo = #""Pull","32 Oct 2025, 18:06","32 Oct 2025, 19:16","","Row",,"",0,"normal",80,7,,,"#
    let (kept, findings) = try sixPulls(then: [typo], at: 2)
    #expect(kept.count == 6)
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "hevy.csv:4: column 'start_time': invalid date '32 Oct 2025, 18:06'"
      ])
    #expect(throws: SpotterIOError.self) { try parseRow(typo) }
  }

  @Test func badStartTimeIsAnError() {
    #expect(
      throws: SpotterIOError.malformedRow(
        file: "hevy.csv", line: 2, column: "start_time", value: "32 Oct 2025, 18:06", reason: "invalid date")
    ) {
      try parseRow(#""Pull","32 Oct 2025, 18:06","2 Oct 2025, 19:16","","Row",,"",0,"normal",80,7,,,"#)
    }
  }

  /// Set kinds as letters or words, in any case and spelling the apps use.
  @Test(arguments: [
    ("warmup", SetKind.warmup), ("WARM_UP", .warmup), ("Warm-up", .warmup), ("W", .warmup),
    ("dropset", .drop), ("DROP_SET", .drop), ("d", .drop), ("FAILURE", .failure), ("f", .failure),
    ("Normal", .normal), ("", .normal),
  ])
  func setKindsAsLettersOrWords(_ word: String, _ kind: SetKind) throws {
    let (_, sessions) = try parseRow(
      #""Pull","2 Oct 2025, 18:06","2 Oct 2025, 19:16","","Row",,"",0,"\#(word)",80,7,,,"#)
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [kind])
  }

  /// Hevy writes `start_time` as the phone's locale says: month first with a 12-hour clock in
  /// the US, month names in the app's language elsewhere. Each file reads as the same sessions.
  @Test func startTimesInThePhonesLocale() throws {
    let header = Self.header
    func file(_ rows: [(String, String)]) -> String {
      ([header] + rows.map { #""Push","\#($0.0)","\#($0.1)","","Bench",,"",0,"normal",80,5,,,"# })
        .joined(separator: "\n") + "\n"
    }
    let expected = [
      TestZones.instant("2026-05-05T07:34:00+02:00"), TestZones.instant("2026-06-11T13:01:00+02:00"),
    ]
    for rows in [
      [("May 5, 2026, 7:34 AM", "May 5, 2026, 8:30 AM"), ("Jun 11, 2026, 1:01 PM", "Jun 11, 2026, 2:00 PM")],
      [("5 Mai 2026, 07:34", "5 Mai 2026, 08:30"), ("11 Jun 2026, 13:01", "11 Jun 2026, 14:00")],
      [("5 may 2026, 07:34", "5 may 2026, 08:30"), ("11 jun 2026, 13:01", "11 jun 2026, 14:00")],
    ] {
      let (_, sessions) = try FixtureLoader.parse(file(rows), name: "hevy.csv")
      #expect(sessions.map(\.start) == expected, "\(rows)")
    }
    // Every date reads both ways: refused, with what to write in the config…
    let both = file([("05/06/2026 07:34", "05/06/2026 08:30")])
    #expect {
      try FixtureLoader.parse(both, name: "hevy.csv")
    } throws: { error in
      "\(error)".contains("hevy.csv:2: column 'start_time'") && "\(error)".contains("[import] date_order")
    }
    // …which decides it.
    var importer = FixtureLoader.importer()
    importer.dateOrder = .monthFirst
    let (_, told) = try importer.parse(Data(both.utf8), fileName: "hevy.csv")
    #expect(told.map(\.start) == [TestZones.instant("2026-05-06T07:34:00+02:00")])
  }
}
