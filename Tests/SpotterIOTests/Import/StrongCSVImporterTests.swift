import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct StrongCSVImporterTests {
  @Test func readsTheOldestDialectWithTheConfiguredUnit() throws {
    let (format, sessions) = try FixtureLoader.read("strong-s0.csv", unit: .pounds)
    #expect(format == .strongCSV)
    #expect(sessions.count == 2)
    #expect(sessions[1].workoutName == "Pull, heavy")
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [135, 135])
    #expect(sessions[0].exercises[0].sets[0].unit == .pounds)
    #expect(sessions[0].start == TestZones.instant("2018-03-05T18:02:11+01:00"))
    #expect(sessions[0].end == nil)
  }

  @Test func commaDialectSkipsPseudoRowsAndRoundsNoise() throws {
    let (_, sessions) = try FixtureLoader.read("strong-s1.csv")
    #expect(sessions.count == 2)
    #expect(sessions[0].exercises[0].sets.count == 2)
    #expect(sessions[0].exercises[0].sets.map(\.reps) == [10, 7])
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval(63 * 60))
    let legs = sessions[1].exercises[0].sets
    #expect(legs[0].weight == 150)
    #expect(legs[1].kind == .warmup)
    // `264h 1m` is a workout never finished, not a real length.
    #expect(sessions[1].end == nil)
  }

  @Test func aDurationCutShortGetsTheUsualLength() throws {
    let header =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    func workout(_ date: String, _ duration: String, sets: Int) -> String {
      (1...sets).map { "\(date),\"Push\",\(duration),\"Bench Press (Barbell)\",\($0),60,5,0,0,,,\n" }.joined()
    }
    let (_, sessions) = try FixtureLoader.parse(
      header + workout("2025-06-02 18:00:00", "1h 5m", sets: 4)
        + workout("2025-06-04 18:00:00", "55m", sets: 4)
        + workout("2025-06-06 18:00:00", "1h", sets: 4) + workout("2025-06-09 18:00:00", "1m", sets: 12)
        + workout("2025-06-11 18:00:00", "2m", sets: 1))
    #expect(
      sessions.map { s in s.end.map { Int($0.timeIntervalSince(s.start) / 60) } } == [65, 55, 60, 60, 2])
  }

  @Test func semicolonDialectsReadTheUnitColumn() throws {
    let (_, old) = try FixtureLoader.read("strong-s2old.csv")
    #expect(old[0].exercises.map(\.name) == ["Plank", "Squat (Barbell)"])
    #expect(old[0].exercises[0].sets[0].weight == nil)
    let (_, sessions) = try FixtureLoader.read("strong-s2.csv")
    #expect(sessions.count == 2)
    let bench = sessions[0].exercises[0].sets
    #expect(bench.map(\.unit) == [.pounds, .pounds])
    #expect(bench.map(\.kind) == [.normal, .drop])
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval(17 * 60))
  }

  /// A Strong export opened and saved again by a spreadsheet in a German locale: semicolons,
  /// `dd.mm.yyyy hh:mm` dates and decimal commas (`62,5`). It was refused at its first weight.
  /// The same rows with points read alike; in a comma-separated file a comma is never decimal.
  @Test func aSpreadsheetSavedInAGermanLocaleReadsItsDecimalCommas() throws {
    let header =
      "Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;Workout Notes;RPE"
    let rows = [
      "24.08.2026 17:59;Push Day;1h 14m;Bench Press (Barbell);W;30,0;8;0;0,0;;;",
      "24.08.2026 17:59;Push Day;1h 14m;Bench Press (Barbell);1;62,5;8;0;0,0;;;",
      "24.08.2026 17:59;Push Day;1h 14m;Bench Press (Barbell);2;102,25;5;0;0,0;;;",
    ]
    let (format, sessions) = try FixtureLoader.parse(([header] + rows).joined(separator: "\r\n") + "\r\n")
    #expect(format == .strongCSV)
    #expect(sessions.count == 1)
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [30, 62.5, 102.25])
    let points = rows.map { $0.replacingOccurrences(of: ",", with: ".") }
    let (_, same) = try FixtureLoader.parse(([header] + points).joined(separator: "\n") + "\n")
    #expect(same.map(\.exercises) == sessions.map(\.exercises))
    // Two commas are no number, even here.
    #expect(throws: SpotterIOError.self) {
      try FixtureLoader.parse(
        [header, rows[0].replacingOccurrences(of: "30,0", with: "30,0,5")].joined(separator: "\n"))
    }
  }

  @Test func newestDialectWithWorkoutNumberAndUnitInHeader() throws {
    let (_, sessions) = try FixtureLoader.read("strong-s3.csv", unit: .pounds)
    #expect(sessions.map(\.workoutName) == ["Chest and Triceps", "Back and Biceps", "Legs and Abs"])
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [.normal, .failure])
    #expect(sessions[0].exercises[0].sets[0].unit == .kilograms)
    #expect(sessions[1].setCount == 1)
    #expect(sessions[2].exercises[0].sets.map(\.kind) == [.warmup])
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval(2176))
  }

  @Test func twelveHourTimesWithNarrowNoBreakSpace() throws {
    let (_, sessions) = try FixtureLoader.read("strong-12h.csv")
    #expect(sessions[0].start == TestZones.instant("2025-01-30T18:34:56+01:00"))
    #expect(sessions[1].start == TestZones.instant("2025-01-31T00:05:00+01:00"))
  }

  @Test func malformedRowsNameFileLineColumnAndValue() {
    let header =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    let good = "2025-06-03 20:23:00,\"W\",1h,\"Bench\",1,60,8,0,0,\"\",\"\",\n"
    #expect(
      throws: SpotterIOError.malformedRow(
        file: "history.csv", line: 3, column: "Date", value: "2025-13-03 20:23:00", reason: "invalid date")
    ) {
      try FixtureLoader.parse(header + good + "2025-13-03 20:23:00,\"W\",1h,\"Bench\",1,60,8,0,0,,,\n")
    }
    #expect(
      throws: SpotterIOError.malformedRow(
        file: "history.csv", line: 2, column: "Weight", value: "sixty", reason: "invalid weight")
    ) {
      try FixtureLoader.parse(header + "2025-06-03 20:23:00,\"W\",1h,\"Bench\",1,sixty,8,0,0,,,\n")
    }
    #expect(
      throws: SpotterIOError.malformedRow(
        file: "history.csv", line: 2, column: "Reps", value: "8.5",
        reason: "invalid reps (a whole number from 0 to 9999)")
    ) {
      try FixtureLoader.parse(header + "2025-06-03 20:23:00,\"W\",1h,\"Bench\",1,60,8.5,0,0,,,\n")
    }
    #expect(throws: SpotterIOError.fieldCount(file: "history.csv", line: 2, expected: 12, found: 3)) {
      try FixtureLoader.parse(header + "2025-06-03 20:23:00,\"W\",1h\n")
    }
    #expect(
      throws: SpotterIOError.malformedRow(
        file: "history.csv", line: 2, column: "Duration", value: "forever", reason: "invalid duration")
    ) {
      try FixtureLoader.parse(header + "2025-06-03 20:23:00,\"W\",forever,\"Bench\",1,60,8,0,0,,,\n")
    }
  }

  /// A date no calendar has (`2026-08-32`, a typo in one row) or a length that is none costs
  /// that row's workout, noted with its line, where it refused years of history; a file whose
  /// dates do not read at all is still refused, with its first line.
  @Test func aTypoedDateOrLengthCostsThatWorkout() throws {
    let header =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
    var rows = (11...22).flatMap { day in
      (1...2).map { set in "2026-08-\(day) 18:00:00,\"Push\",1h,\"Bench\",\(set),60,8,0,0,\"\",\"\"," }
    }
    rows[3] = "2026-08-32 18:00:00,\"Push\",1h,\"Bench\",2,60,8,0,0,\"\",\"\","
    rows[8] = rows[8].replacingOccurrences(of: ",1h,", with: ",1h 7x,")
    func parse(_ rows: [String]) throws -> (kept: Int, findings: ImportFindings) {
      let (kept, findings) = try FixtureLoader.parseNoting(
        ([header] + rows).joined(separator: "\n") + "\n", name: "strong.csv")
      return (kept.count, findings)
    }
    let (kept, findings) = try parse(rows)
    // The 12th keeps its first set; the 15th's workout (a length of `1h 7x`) is left out whole.
    #expect(kept == 11)
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "strong.csv:5: column 'Date': invalid date '2026-08-32 18:00:00'",
        "strong.csv:10: column 'Duration': invalid duration '1h 7x'",
      ])
    #expect(throws: SpotterIOError.self) {
      try FixtureLoader.parse(([header] + rows).joined(separator: "\n"))
    }
    let unreadable = rows.map { $0.replacingOccurrences(of: "2026-08-", with: "2026-08-4") }
    #expect(throws: SpotterIOError.self) { try parse(unreadable) }
  }

  @Test func errorMessagesQuoteTheValue() {
    let error = SpotterIOError.malformedRow(
      file: "a.csv", line: 7, column: "Weight", value: "abc", reason: "invalid weight")
    #expect(error.description == "a.csv:7: column 'Weight': invalid weight 'abc'")
    #expect(error.exitCode == .dataError)
  }

  @Test func unknownHeaderListsSupportedFormats() {
    do {
      _ = try FixtureLoader.parse("Day,Exercise,Category\n2024-01-01,Squat,Legs\n", name: "fitnotes.csv")
      Issue.record("expected an error")
    } catch let error as SpotterIOError {
      #expect(
        error.description.hasPrefix("fitnotes.csv:1: unknown history format, header 'Day,Exercise,Category'"))
      #expect(error.description.contains("Strong CSV"))
      #expect(error.description.contains("Hevy CSV"))
      #expect(error.description.contains("native JSON"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func quotedFieldsMayHoldDelimitersQuotesAndLineBreaks() {
    let text = "a;b\r\n\"x;y\";\"he said \"\"hi\"\"\nnext\"\r\n\r\nz;w"
    let table = CSVReader(delimiter: UInt8(ascii: ";")).table(Array(text.utf8))
    #expect(table.records.map(table.fields) == [["a", "b"], ["x;y", "he said \"hi\"\nnext"], ["z", "w"]])
    #expect(table.records.map(\.line) == [1, 2, 5])
  }

  @Test func emptyAndQuotedEmptyFieldsKeepTheirPlace() {
    let text = "\u{FEFF}a,b,c\n,\"\",\n\"\"\nlast,\"q\"\"\",x"
    let bytes = Array(text.utf8)
    #expect(CSVReader.sniffDelimiter(Array("\"x;y\",a;b,c\n;;;".utf8)) == UInt8(ascii: ","))
    let table = CSVReader(delimiter: CSVReader.sniffDelimiter(bytes)).table(bytes)
    #expect(
      table.records.map(table.fields) == [["a", "b", "c"], ["", "", ""], [""], ["last", "q\"", "x"]])
    #expect(table.records.map(\.line) == [1, 2, 3, 4])
  }

  /// Strong's newest export writes words in `Set Order`; any case and spelling is read, and an
  /// unknown word with a weight is an error that lists the accepted ones.
  @Test func setOrderWords() throws {
    let header =
      #""Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes""#
    func row(_ order: String) -> String {
      #""1";"2026-05-04 18:00:00";"Push";"3600";"Bench Press";"\#(order)";"60";"8";"";"0";"0";"";"""#
    }
    let orders = ["WARM_UP", "1", "2", "FAILURE", "DROP_SET", "Warm-up", "w", "Rest Timer"]
    let (_, sessions) = try FixtureLoader.parse(([header] + orders.map(row)).joined(separator: "\n") + "\n")
    #expect(
      sessions[0].exercises[0].sets.map(\.kind) == [
        .warmup, .normal, .normal, .failure, .drop, .warmup, .warmup,
      ])
    #expect {
      try FixtureLoader.parse(header + "\n" + row("HEAVY") + "\n", name: "strong.csv")
    } throws: { error in
      "\(error)".contains("strong.csv:2: column 'Set Order': invalid set order; accepted: a number, W, D, F")
        && "\(error)".contains("'HEAVY'")
    }
    // Outside --strict, the word costs its set; the workout and its other sets are kept.
    let text = ([header] + (orders + ["HEAVY"] + orders).map(row)).joined(separator: "\n") + "\n"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "strong.csv")
    #expect(
      kept.count == 1 && findings.impossibleSets.map { "\($0)" }.first?.contains("strong.csv:10:") == true)
  }
}
