import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// JEFIT's export of several tables, in the shape four independent readers of real exports
/// describe alike (no licensed real export was found to keep), as synthetic files.
@Suite struct JefitCSVImporterTests {
  static let export = """
    ### WORKOUT SESSIONS ###
    _id,mydate,starttime,starttimie,total_time
    1,2026-11-16,1794848400,,3600
    2,2026-11-18,,1795021200,4200
    3,2026-11-20,,,0
    ###########################

    ### EXERCISE LOGS ###
    _id,belongsession,mydate,eid,ename,logs,record
    11,1,2026-11-16,1,"Barbell Bench Press","100x5,100x5,97.5x4",116
    12,1,2026-11-16,2,"Pull Up","0x10,0x8",0
    13,2,2026-11-18,3,"Barbell Squat","140x5,140x5",163
    14,3,2026-11-20,4,"Deadlift","180x3",196
    15,4,2026-11-22,1,"Barbell Bench Press","102.5x5",120
    ###########################

    ### EXERCISE SET LOGS ###
    _id,exercise_log_id,weight_lbs,reps
    1,11,220.5,5
    ###########################

    """

  func parse(_ text: String, unit: WeightUnit = .kilograms) throws -> (HistoryFormat, [Session]) {
    try HistoryImporter(clock: TestZones.berlinClock, defaultUnit: unit).parse(
      Data(text.utf8), fileName: "jefit.csv")
  }

  /// Sessions from both tables: a Unix start (either spelling), its length, the sets of its logs
  /// in the configured unit, body-weight sets without a weight; a session without a start and
  /// logs without their session are known by their date.
  @Test func theTablesMakeTheSessions() throws {
    let (format, sessions) = try parse(Self.export)
    #expect(format == .jefitCSV)
    #expect(sessions.map(\.id) == ["jefit-1", "jefit-2", "jefit-3", "jefit-4"])
    #expect(sessions[0].start == TestZones.instant("2026-11-16T18:00:00+01:00"))
    #expect(sessions[0].end == TestZones.instant("2026-11-16T19:00:00+01:00"))
    #expect(sessions[1].start == TestZones.instant("2026-11-18T18:00:00+01:00"))
    #expect(sessions[0].exercises.map(\.name) == ["Barbell Bench Press", "Pull Up"])
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [100, 100, 97.5])
    #expect(sessions[0].exercises[0].sets.map(\.reps) == [5, 5, 4])
    #expect(sessions[0].exercises[1].sets.map(\.weight) == [nil, nil])
    #expect(sessions.allSatisfy { $0.source == .jefit && $0.workoutName == "Workout" })
    #expect(sessions[0].hasTimeOfDay && !sessions[2].hasTimeOfDay && !sessions[3].hasTimeOfDay)
    #expect(sessions[3].start == TestZones.instant("2026-11-22T00:00:00+01:00"))
    // No unit in the file: the configured one.
    let (_, pounds) = try parse(Self.export, unit: .pounds)
    #expect(pounds[0].exercises[0].sets[0].unit == .pounds)
    // The first line alone tells the app, as a folder's choice of export reads it.
    #expect(HistoryImporter.format(sniffing: Data(Self.export.utf8)) == .jefitCSV)
  }

  /// The other shape readers describe: a settings table first, the account columns first in
  /// every row, long runs of `#`, no closing lines, blank lines between tables.
  @Test func theSettingsFirstShapeWithAccountColumns() throws {
    let (format, sessions) = try parse(
      """
      ### SETTING ##########################################
      row_id,USERID,TIMESTAMP,gender,currentRoutine,DOB,name,length,mass
      1,42,1794848000,M,7,1990-01-01,someone,cm,kg

      ### ROUTINES #########################################
      row_id,USERID,TIMESTAMP,_id,name,difficulty,focus,dayaweek
      1,42,1794848000,7,PPL,2,1,3
      ### WORKOUT SESSIONS #################################
      rowid,_id,USERID,edit_time,day_id,total_time,workout_time,mydate,starttime
      1,5,42,1794852000,1,3000,2800,2026-11-16,1794848400

      ### EXERCISE LOGS ####################################
      row_id,USERID,TIMESTAMP,_id,belongsession,mydate,eid,ename,logs,record
      1,42,1794852000,51,5,2026-11-16,1,"Barbell Bench Press","100x5,100x5",116
      ### NOTES ############################################
      row_id,TIMESTAMP,USERID,_id,eid,belongSys,mynote,title
      1,1794852000,42,1,1,0,"felt strong, no pain",Bench

      """)
    #expect(format == .jefitCSV)
    #expect(sessions.count == 1)
    #expect(sessions[0].start == TestZones.instant("2026-11-16T18:00:00+01:00"))
    #expect(sessions[0].end == TestZones.instant("2026-11-16T18:50:00+01:00"))
    #expect(sessions[0].setCount == 2)
    // Logs that name no session are one session of their day.
    let (_, orphans) = try parse(
      """
      ### EXERCISE LOGS ###
      _id,belongsession,mydate,ename,logs
      1,,2026-11-18,Squat,"100x5"
      2,,2026-11-18,Bench,"80x5"

      """)
    #expect(orphans.map(\.id) == ["jefit-day-2026-11-18"] && orphans[0].setCount == 2)
  }

  /// One session's start typed as no date (`2026-11-32`) costs that session and its logs,
  /// noted; the others are kept. Strictly read, it refuses.
  @Test func aTypoedSessionDateCostsThatSession() throws {
    var sessions = (10...19).map { "\($0),2026-11-\($0),,,3600" }
    sessions[3] = "13,2026-11-32,,,3600"
    let logs = (10...19).map { "\($0 + 100),\($0),2026-11-\($0),1,\"Deadlift\",\"180x3\",196" }
    let text =
      (["### WORKOUT SESSIONS ###", "_id,mydate,starttime,starttimie,total_time"] + sessions
      + [
        "###########################", "", "### EXERCISE LOGS ###",
        "_id,belongsession,mydate,eid,ename,logs,record",
      ]
      + logs + ["###########################", ""]).joined(separator: "\n")
    #expect(throws: SpotterIOError.self) { try parse(text) }
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "jefit.csv")
    #expect(kept.count == 9 && !kept.contains { $0.id == "jefit-13" })
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "jefit.csv:6: column 'mydate': invalid date (expected 2024-01-15) '2026-11-32'"
      ])
  }

  /// An impossible set and a token that is no set at all are left out with a note (refused with
  /// --strict); a start that is no number and an export without its tables are refused at their
  /// line.
  @Test func badValuesAreNamedOrPassedOver() throws {
    let typo = Self.export.replacingOccurrences(of: "\"140x5,140x5\"", with: "\"140x5,140x87777\"")
    #expect(throws: SpotterIOError.self) { try parse(typo) }
    let (kept, findings) = try FixtureLoader.parseNoting(typo, name: "jefit.csv")
    #expect(kept[1].exercises[0].sets.count == 1)
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "jefit.csv:12: column 'logs': invalid reps (a whole number from 0 to 9999) '140x87777'"
      ])

    let garbled = Self.export.replacingOccurrences(of: "\"180x3\"", with: "\"180 by 3\"")
    let error = try #require(throws: SpotterIOError.self) { try parse(garbled) }
    #expect("\(error)".contains("jefit.csv:13"), "\(error)")
    #expect("\(error)".contains("180 by 3"), "\(error)")
    // Read as the nightly run reads it, the token costs its set, as a typo'd number cell does.
    let (read, noted) = try FixtureLoader.parseNoting(garbled, name: "jefit.csv")
    #expect(read.count == 4 && read.allSatisfy { !$0.exercises.isEmpty || $0.id == "jefit-3" })
    #expect(
      noted.impossibleSets.map { "\($0)" } == [
        "jefit.csv:13: column 'logs': invalid set (expected WEIGHTxREPS, as 100x5) '180 by 3'"
      ])

    let badStart = Self.export.replacingOccurrences(of: "1794848400", with: "soon")
    let startError = try #require(throws: SpotterIOError.self) { try parse(badStart) }
    #expect("\(startError)".contains("jefit.csv:3") && "\(startError)".contains("starttime"), "\(startError)")

    #expect(throws: SpotterIOError.self) { try parse("### ROUTINES ###\n_id,name\n1,PPL\n") }
  }
}
