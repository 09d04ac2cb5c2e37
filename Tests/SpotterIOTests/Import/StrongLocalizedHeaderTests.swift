import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Strong writes its header, and some cells, in the app's language. Each header here is copied
/// from a real export.
@Suite struct StrongLocalizedHeaderTests {
  @Test func chineseExport() throws {
    // The first three workouts of DericMei/My-WorkOut-Project's strong.csv (MIT), as exported:
    // weights are full-precision pounds, durations "1小时13分钟".
    let (format, sessions) = try FixtureLoader.read("strong-zh.csv", unit: .pounds)
    #expect(format == .strongCSV)
    #expect(sessions.map(\.workoutName) == ["4.Pull", "5.Push", "6.Legs&Back"])
    #expect(sessions[0].start == TestZones.instant("2020-09-29T07:10:22+02:00"))
    #expect(sessions.map { $0.end.map { Int($0.timeIntervalSince(sessions[0].start)) } }[0] == (60 + 13) * 60)
    #expect(sessions[1].end == sessions[1].start.addingTimeInterval(78 * 60))
    let row = sessions[0].exercises[0]
    #expect(row.name == "Bent Over Row (Barbell)")
    #expect(row.sets.count == 8)
    #expect(abs((row.sets[0].weight ?? 0) - 44.09) < 0.01)
    #expect(row.sets[0].unit == .pounds)
    #expect(row.sets[0].reps == 5)
  }

  @Test func germanExportSkipsItsRestRows() throws {
    // Header and rows of a German Strong export (quoted in a public importer's tests): "2h 23min",
    // and a rest-timer row whose Set Order reads "Ruhezeit".
    let text = """
      Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE
      2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Chest Press (Machine)",1,50.0,12.0,0,0.0,"","Erstes Training",
      2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Chest Press (Machine)",Ruhezeit,0,0.0,0,120.0,,,
      2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Chest Press (Machine)",2,55.0,10.0,0,0.0,,,8
      2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Push Up",1,0,15.0,0,0.0,"",,
      2026-09-30 20:37:54,"Push ",13min,"Hammer Curl (Cable)",1,17.5,8.0,0,0.0,"",,

      """
    let (format, sessions) = try FixtureLoader.parse(text)
    #expect(format == .strongCSV)
    #expect(sessions.map(\.workoutName) == ["Ganzkörper", "Push"])
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval((2 * 60 + 23) * 60))
    #expect(sessions[0].exercises.map(\.name) == ["Chest Press (Machine)", "Push Up"])
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [50, 55])
    #expect(sessions[0].exercises[0].sets.map(\.reps) == [12, 10])
    #expect(sessions[1].end == sessions[1].start.addingTimeInterval(13 * 60))
  }

  @Test func frenchExport() throws {
    // The French header as Strong writes it, with a duration like "35min".
    let text = """
      Date,Nom de l'entraînement,Durée,Nom de l'exercice,Ordre de la série,Poids,Réps,Distance,Secondes,Notes,Notes d'entraînement,RPE
      2024-05-06 18:04:10,"Haut du corps",35min,"Développé couché (barre)",1,60,8,0,0,,,
      2024-05-06 18:04:10,"Haut du corps",35min,"Développé couché (barre)",2,62.5,6,0,0,,,

      """
    let (format, sessions) = try FixtureLoader.parse(text)
    #expect(format == .strongCSV)
    #expect(sessions.count == 1)
    #expect(sessions[0].workoutName == "Haut du corps")
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval(35 * 60))
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [60, 62.5])
  }

  @Test func durationsInEveryLanguageSeen() {
    #expect(TimestampParser.duration("1小时13分钟") == 73 * 60)
    #expect(TimestampParser.duration("2小时") == 7200)
    #expect(TimestampParser.duration("45分钟") == 45 * 60)
    #expect(TimestampParser.duration("2h 23min") == 143 * 60)
    #expect(TimestampParser.duration("1h3m") == 63 * 60)
    #expect(TimestampParser.duration("35min") == 35 * 60)
    #expect(TimestampParser.duration("1 h 46 min") == 106 * 60)
    #expect(TimestampParser.duration("1 h") == 3600)
    #expect(TimestampParser.duration("1 46") == nil)
    #expect(TimestampParser.duration("1小时x") == nil)
    #expect(TimestampParser.duration("小时") == nil)
  }

  /// `text` with its header's words replaced by words of no language, column for column.
  static func unknownHeader(_ text: String) -> String {
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let delimiter: Character =
      lines[0].filter { $0 == ";" }.count > lines[0].filter { $0 == "," }.count ? ";" : ","
    let count = CSVReader(delimiter: UInt8(ascii: delimiter == ";" ? ";" : ","))
      .table(Array(lines[0].utf8)).records[0].count
    let words = (0..<count).map { "Xq\($0)" }.joined(separator: String(delimiter))
    return words + "\n" + lines[1]
  }

  static let german = """
    Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE
    2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Chest Press (Machine)",1,50.0,12.0,0,0.0,"","Erstes Training",
    2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Chest Press (Machine)",Ruhezeit,0,0.0,0,120.0,,,
    2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Chest Press (Machine)",2,55.0,10.0,0,0.0,,,8
    2025-08-23 17:51:23,"Ganzkörper",2h 23min,"Push Up",W,0,15.0,0,0.0,"",,
    2026-09-30 20:37:54,"Push ",13min,"Hammer Curl (Cable)",1,17.5,8.0,0,0.0,"",,

    """

  static let french = """
    Date,Nom de l'entraînement,Durée,Nom de l'exercice,Ordre de la série,Poids,Réps,Distance,Secondes,Notes,Notes d'entraînement,RPE
    2024-05-06 18:04:10,"Haut du corps",35min,"Développé couché (barre)",1,60,8,0,0,,,
    2024-05-06 18:04:10,"Haut du corps",35min,"Développé couché (barre)",2,62.5,6,0,0,,,
    2024-05-08 07:12:00,"Bas du corps",41min,"Squat (barre)",1,80,5,0,0,,,

    """

  /// Strong's header in a language with no aliases is read from what its columns hold: each
  /// localized export, its header replaced by unknown words of the same count, gives exactly
  /// the sessions and sets it gives under its own header.
  @Test func aHeaderInAnyLanguageIsReadFromItsColumns() throws {
    let chinese = try String(contentsOf: FixtureLoader.url("strong-zh.csv"), encoding: .utf8)
    for (name, text) in [("german", Self.german), ("french", Self.french), ("chinese", chinese)] {
      let (_, named) = try FixtureLoader.importer(unit: .pounds).parse(Data(text.utf8), fileName: "a.csv")
      let (format, inferred) = try FixtureLoader.importer(unit: .pounds).parse(
        Data(Self.unknownHeader(text).utf8), fileName: "a.csv")
      #expect(format == .strongCSV)
      #expect(!named.isEmpty)
      #expect(inferred == named, "\(name)")
    }
    // Spanish, whose header Spotter has no words for, as a real export writes it (the header and
    // duration form of cuyakonwu/cuyakonwu-landing-page's strong.csv, which has no licence).
    let spanish = """
      Fecha,Nombre de entrenamiento,Duración,Nombre del ejercicio,Orden de la serie,Peso,Rep.,Distancia,Segundos,Notas,Notas del entrenamiento,RPE
      2024-05-06 18:04:10,"Pierna",1 h 46 min,"Sentadilla",1,60,8,0,0,,,
      2024-05-06 18:04:10,"Pierna",1 h 46 min,"Sentadilla",2,65,6,0,0,,,

      """
    let (_, sessions) = try FixtureLoader.parse(spanish, name: "strong_es.csv")
    #expect(sessions.map(\.workoutName) == ["Pierna"])
    #expect(sessions[0].exercises[0].sets.map(\.weight) == [60, 65])
    #expect(sessions[0].end == sessions[0].start.addingTimeInterval(106 * 60))
  }

  @Test func aHeaderThatFitsNeitherListsWhatWasFoundAndWhatIsMissing() {
    // Strong's shape (twelve columns ending in RPE) with names Spotter has no aliases for, and
    // a row that is not shaped as Strong writes (no date-time).
    let text = """
      Fecha,Nombre del entrenamiento,Duración,Nombre del ejercicio,Orden de la serie,Peso,Repeticiones,Distancia,Segundos,Notas,Notas del entrenamiento,RPE
      ayer,"Pierna",35min,"Sentadilla",1,60,8,0,0,,,

      """
    #expect {
      try FixtureLoader.parse(text, name: "strong_es.csv")
    } throws: { error in
      let message = "\(error)"
      return (error as? SpotterIOError)?.exitCode == .dataError
        && message.hasPrefix(
          "strong_es.csv:1: this looks like a Strong export in a language Spotter cannot read yet")
        && message.contains("'Fecha', 'Nombre del entrenamiento'")
        && message.contains("not found: 'Date', 'Workout Name', 'Exercise Name', 'Set Order'")
    }
  }

  /// Strava's activities.csv has Strong's first columns' shapes (a date-time, a name, text) but no
  /// set order in its rows: it is no Strong export, and in a folder it hid the real one.
  @Test func anExportOfAnotherAppWithAnEmptyColumnIsNotTakenForStrong() {
    let strava = """
      Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute
      123,"Nov 20, 2026, 6:00:00 PM",Evening Weight Training,Weight Training,,2700,0.00,150,20,false
      124,"Nov 22, 2026, 6:10:00 PM",Evening Weight Training,Weight Training,,2400,0.00,140,18,false

      """
    #expect(HistoryImporter.format(sniffing: Data(strava.utf8)) == nil)
  }

  @Test func aBrokenHevyHeaderIsNotTakenForStrong() {
    let text =
      "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,"
      + "set_type,weight_kg,reps,distance_km,duration_seconds,rpe\n"
    #expect {
      try FixtureLoader.parse(text.replacingOccurrences(of: "exercise_title", with: "exercise"))
    } throws: { "\($0)".contains("unknown history format") }
  }

  /// A first line of thousands of commas (prose, a minified script in a folder of downloads) is
  /// no app's header: it is passed over in a folder and refused by its first line when named,
  /// without each app's check of each "column" (a minute for 5,000 such files every night).
  @Test func aHeaderWiderThanAnyAppsIsNoHistory() {
    let prose = String(repeating: "lorem ipsum dolor sit amet, ", count: 2_000) + "\n"
    #expect(HistoryImporter.format(sniffing: Data(prose.utf8)) == nil)
    #expect {
      try FixtureLoader.parse(prose, name: "notes.txt")
    } throws: {
      "\($0)".hasPrefix("notes.txt:1: unknown history format, header 'lorem ipsum dolor sit amet, ")
    }
    // Strong's own header, padded past the widest an app writes, is no longer taken for Strong's.
    let strong =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
    let widest = (strong.split(separator: ",").count..<HistoryImporter.widestHeader).map { ",x\($0)" }
      .joined()
    #expect(HistoryImporter.format(sniffing: Data((strong + widest + "\n").utf8)) == .strongCSV)
    #expect(HistoryImporter.format(sniffing: Data((strong + widest + ",one-more\n").utf8)) == nil)
  }
}
