import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Fitbod and GymBook exports in the forms their apps write, as synthetic files of the same
/// shape (no licensed real export was found to keep).
@Suite struct FitbodGymBookImporterTests {
  func parse(_ text: String, unit: WeightUnit = .kilograms) throws -> (HistoryFormat, [Session]) {
    var importer = HistoryImporter(clock: TestZones.berlinClock, defaultUnit: unit)
    importer.strict = true
    return try importer.parse(Data(text.utf8), fileName: "export.csv")
  }

  /// The current form: one row per set with its instant; sets within two hours are one workout;
  /// a cardio row is part of it but no set; `isWarmup` sets are warm-ups.
  @Test func fitbodCurrentForm() throws {
    let (format, sessions) = try parse(
      """
      Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier
      2026-11-25 06:30:00 +0000,Deadlift,5,140.0,0.0,0.0,0.0,0.0,false,,1.0
      2026-11-23 17:40:00 +0000,Treadmill,0,0.0,600.0,1500.0,0.0,0.0,false,,0.0
      2026-11-23 17:08:00 +0000,Dumbbell Bench Press,8,27.5,0.0,0.0,0.0,0.0,false,"felt heavy, stop at 8",2.0
      2026-11-23 17:02:51 +0000,Dumbbell Bench Press,10,25.0,0.0,0.0,0.0,0.0,true,,2.0

      """)
    #expect(format == .fitbodCSV)
    #expect(sessions.count == 2)
    #expect(sessions[0].start == TestZones.instant("2026-11-23T17:02:51Z"))
    #expect(sessions[0].end == TestZones.instant("2026-11-23T17:40:00Z"))
    #expect(sessions[0].exercises.map(\.name) == ["Dumbbell Bench Press"])
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [.warmup, .normal])
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [25, 27.5])
    #expect(sessions[1].exercises[0].sets.first?.reps == 5)
    #expect(sessions.allSatisfy { $0.source == .fitbod && $0.hasTimeOfDay })
  }

  /// Every Fitbod row is a set with its own time: one typed as no clock has it costs that set,
  /// noted, not the export; strictly read it refuses.
  @Test func fitbodTypoedTimeCostsThatSet() throws {
    var rows = (10...19).map { "2026-11-\($0) 06:30:00 +0000,Deadlift,5,140.0,0.0,0.0,0.0,0.0,false,,1.0" }
    rows.insert("2026-11-12 06:70:00 +0000,Deadlift,5,140.0,0.0,0.0,0.0,0.0,false,,1.0", at: 2)
    let header =
      "Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier"
    let text = ([header] + rows).joined(separator: "\n") + "\n"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "fitbod.csv")
    #expect(kept.count == 10)
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "fitbod.csv:4: column 'Date': invalid date (expected 2021-12-27 10:02:51 +0000 or 2019-02-13) '2026-11-12 06:70:00 +0000'"
      ])
    #expect(throws: SpotterIOError.self) { try parse(text) }
  }

  /// The current form after a spreadsheet saved it, as a real export was published: `FALSE`, long
  /// decimals, and a blank row written as commas (refused at its empty date before).
  @Test func fitbodSavedBySpreadsheet() throws {
    let (_, sessions) = try parse(
      """
      Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier
      2020-05-26 20:00:00 +0000,Barbell Bench Press,7,83.91468824559340,0.0,0.0,0.0,0.0,FALSE,,1.0
      ,,,,,,,,,,
      2020-05-25 20:27:00 +0000,Pull Up,6,0.0,0.0,0.0,0.0,0.0,TRUE,,1.0

      """)
    #expect(
      sessions.map(\.start) == [
        TestZones.instant("2020-05-25T20:27:00Z"), TestZones.instant("2020-05-26T20:00:00Z"),
      ])
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [.warmup])
    let error = #expect(throws: SpotterIOError.self) {
      try parse(
        """
        Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier
        ,,,,,,,,,,
        2020-05-26,Bench,x,80,0,0,0,0,false,,1

        """)
    }
    #expect(error.map { "\($0)" }?.contains("export.csv:3") == true, "\(String(describing: error))")
  }

  /// Pounds in the header, local times without an offset, and the early form with a `Sets` column.
  @Test func fitbodPoundsAndTheEarlyForm() throws {
    let (_, pounds) = try parse(
      """
      Date,Exercise,Reps,Weight(lbs),Duration(s),Distance(m),isWarmup,Note
      2026-11-23 18:00:00,Barbell Squat,5,225,0,0,false,

      """)
    #expect(pounds[0].exercises[0].sets[0].unit == .pounds)
    #expect(pounds[0].start == TestZones.instant("2026-11-23T18:00:00+01:00"))
    let (format, early) = try parse(
      """
      Date,Exercise,Sets,Reps,Weight,isWarmup,Note
      2019-05-06 18:00:00,Barbell Squat,3,5,100,false,
      2019-05-06 18:00:00,Leg Press,2,10,150,false,heavy

      """)
    #expect(format == .fitbodCSV)
    #expect(early.count == 1 && early[0].setCount == 5)
  }

  /// The early form as a real 2019 export writes it: the day alone, newest first, an empty
  /// `isWarmup`, one row per set. Each day is one workout known by its date only; it was refused
  /// at its first date.
  @Test func fitbodEarlyFormWithDaysOnly() throws {
    let (format, sessions) = try parse(
      """
      Date,Exercise,Sets,Reps,Weight,isWarmup,Note
      2019-02-13,Chin Up,1,5,0,,
      2019-02-13,Biceps Curl To Shoulder Press,1,13,6.803893642,,
      2019-02-11,Barbell Bench Press,1,10,13.6,,
      2019-02-11,Barbell Bench Press,1,10,18.1,,
      2019-02-11,Assisted Chin Up,1,5,-18.14371638,,

      """)
    #expect(format == .fitbodCSV)
    #expect(sessions.map(\.id) == ["fitbod-2019-02-11", "fitbod-2019-02-13"])
    // The assisted set is kept, without a load.
    #expect(sessions[0].exercises.last?.name == "Assisted Chin Up")
    #expect(sessions[0].exercises.last?.sets.map(\.weight) == [nil])
    #expect(sessions[0].exercises.last?.sets.map(\.reps) == [5])
    #expect(sessions.allSatisfy { !$0.hasTimeOfDay && $0.end == nil })
    #expect(sessions[0].start == TestZones.instant("2019-02-11T00:00:00+01:00"))
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [13.6, 18.1])
    #expect(sessions[1].exercises.map(\.name) == ["Chin Up", "Biceps Curl To Shoulder Press"])
    let error = #expect(throws: SpotterIOError.self) {
      try parse("Date,Exercise,Sets,Reps,Weight,isWarmup,Note\n2019-02-31,Chin Up,1,5,0,,\n")
    }
    #expect(error.map { "\($0)" }?.contains("export.csv:2") == true, "\(String(describing: error))")
  }

  /// The same assisted set where a spreadsheet wrote semicolons and decimal commas (`-18,1`): a set
  /// without a load too, not a refused file; a weight that is no number stays refused.
  @Test func fitbodAssistedSetWithADecimalComma() throws {
    let header = "Date;Exercise;Sets;Reps;Weight;isWarmup;Note\n"
    let (format, sessions) = try parse(
      header + "2019-02-11;Barbell Bench Press;1;10;13,6;;\n2019-02-11;Assisted Chin Up;1;5;-18,14;;\n")
    #expect(format == .fitbodCSV)
    #expect(sessions[0].exercises.map { $0.sets.map(\.weight) } == [[13.6], [nil]])
    for weight in ["--18,1", "-x", "- 18"] {
      let error = #expect(throws: SpotterIOError.self) {
        try parse(header + "2019-02-11;Assisted Chin Up;1;5;\(weight);;\n")
      }
      #expect(
        error.map { "\($0)" }?.contains("export.csv:2") == true, "\(weight): \(String(describing: error))")
    }
  }

  /// GymBook in Italian, as real exports are written: `dd/mm/yy`, a time per set, `"22,50 kg"`;
  /// a warm-up row, a skipped row, a timed cardio row with a distance.
  @Test func gymBookItalian() throws {
    let (format, sessions) = try parse(
      """
      Data,Programma,Orario,Esercizio,Zona,Gruppi muscolari (Primari),Gruppi muscolari (Secondari),Set / Set di riscaldamento / Set di defaticamento,Ripetizioni / Tempo,Peso / Distanza,Appunti,Saltato
      23/11/26,Spinta,18:02,Panca piana,Petto,Pettorali,Tricipiti,Set di riscaldamento,10,"20,00 kg",,No
      23/11/26,Spinta,18:05,Panca piana,Petto,Pettorali,Tricipiti,Set,8,"60,00 kg",,No
      23/11/26,Spinta,18:09,Panca piana,Petto,Pettorali,Tricipiti,Set,8,"62,50 kg",,Sì
      23/11/26,Spinta,18:40,Tapis roulant,Cardio,,,Set,00:20,"3,00 km",,No
      25/11/26,Trazione,07:15,Rematore,Schiena,Dorsali,Bicipiti,Set,10,"50,00 kg",,No

      """)
    #expect(format == .gymBookCSV)
    #expect(sessions.map(\.workoutName) == ["Spinta", "Trazione"])
    #expect(sessions[0].start == TestZones.instant("2026-11-23T18:02:00+01:00"))
    #expect(sessions[0].end == TestZones.instant("2026-11-23T18:40:00+01:00"))
    #expect(sessions[0].exercises.map(\.name) == ["Panca piana"])
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [.warmup, .normal])
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [20, 60])
    #expect(sessions[1].exercises[0].sets[0].reps == 10)
  }

  /// GymBook writes a time with every set: one typed as no clock has it (`18:65`) or a day no
  /// calendar has costs that set, noted, not the export; strictly read it refuses.
  @Test func gymBookTypoedTimeCostsThatSet() throws {
    var rows = (10...19).map { #"\#($0)/11/26,Spinta,18:05,Panca piana,Petto,,,Set,8,"60,00 kg",,No"# }
    rows.insert(#"12/11/26,Spinta,18:65,Panca piana,Petto,,,Set,8,"62,50 kg",,No"#, at: 3)
    rows.insert(#"32/11/26,Spinta,18:05,Panca piana,Petto,,,Set,8,"62,50 kg",,No"#, at: 5)
    let header =
      "Data,Programma,Orario,Esercizio,Zona,Gruppi muscolari (Primari),Gruppi muscolari (Secondari),Set / Set di riscaldamento / Set di defaticamento,Ripetizioni / Tempo,Peso / Distanza,Appunti,Saltato"
    let text = ([header] + rows).joined(separator: "\n") + "\n"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "gymbook.csv")
    #expect(kept.count == 10)
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "gymbook.csv:5: column 'Data': invalid date '12/11/26 18:65'",
        "gymbook.csv:7: column 'Data': invalid date '32/11/26 18:05'",
      ])
    #expect(throws: SpotterIOError.self) { try parse(text) }
  }

  /// The same columns in English are read alike.
  @Test func gymBookEnglish() throws {
    let (format, sessions) = try parse(
      """
      Date,Workout,Time,Exercise,Region,Muscle groups (Primary),Muscle groups (Secondary),Set / Warm-up set / Cool-down set,Repetitions / Time,Weight / Distance,Notes,Skipped
      11/23/26,Push,6:02 PM,Bench Press,Chest,Pectorals,Triceps,Set,8,"135.00 lb",,No
      11/30/26,Push,6:02 PM,Bench Press,Chest,Pectorals,Triceps,Set,8,"140.00 lb",,No

      """)
    #expect(format == .gymBookCSV)
    #expect(sessions.count == 2 && sessions[0].exercises[0].sets[0].unit == .pounds)
    #expect(sessions[0].start == TestZones.instant("2026-11-23T18:02:00+01:00"))
  }
}
