import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Values no person can have done are refused at import with `file:line`, the column and the
/// value, instead of crashing or hanging a later command; real values at the edges still import.
@Suite struct ImportRangeTests {
  static let header =
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"

  static func strong(
    date: String = "2026-11-20 18:00:00", duration: String = "1h", weight: String = "100", reps: String = "8"
  )
    -> String
  {
    header + "\(date),\"Push\",\(duration),\"Bench Press (Barbell)\",1,\(weight),\(reps),0,0,\"\",\"\",\n"
  }

  static func message(_ text: String, name: String = "h.csv") -> String? {
    do {
      _ = try FixtureLoader.parse(text, name: name)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [
    ("1e300", "column 'Weight': weight out of range (0 to 1500 kg) '1e300'"),
    ("1e12", "column 'Weight': weight out of range (0 to 1500 kg) '1e12'"),
    (
      "1234567890123456789012", "column 'Weight': weight out of range (0 to 1500 kg) '1234567890123456789012'"
    ),
    ("-5", "column 'Weight': invalid weight '-5'"),
    ("nan", "column 'Weight': invalid weight 'nan'"),
  ])
  func aWeightNoPersonLiftsIsRefused(weight: String, expected: String) {
    #expect(Self.message(Self.strong(weight: weight)) == "h.csv:2: \(expected)")
  }

  @Test func repsDurationsAndDatesOutOfRangeAreRefused() {
    #expect(
      Self.message(Self.strong(reps: "10000000000000000000"))
        == "h.csv:2: column 'Reps': invalid reps (a whole number from 0 to 9999) '10000000000000000000'")
    #expect(
      Self.message(Self.strong(duration: "999999999999999999h"))
        == "h.csv:2: column 'Duration': invalid duration '999999999999999999h'")
    #expect(
      Self.message(Self.strong(duration: "9000h"))
        == "h.csv:2: column 'Duration': duration out of range (at most 366 days) '9000h'")
    #expect(
      Self.message(Self.strong(date: "2226-11-20 18:00:00"))
        == "h.csv:2: column 'Date': date out of range (1970 to 2099) '2226-11-20 18:00:00'")
    #expect(
      Self.message(Self.strong(date: "1969-12-31 18:00:00"))
        == "h.csv:2: column 'Date': date out of range (1970 to 2099) '1969-12-31 18:00:00'")
  }

  @Test func realValuesAtTheEdgesStillImport() throws {
    // Strong's runaway `264h 1m` is real; 1500 kg and 9999 reps are the limits themselves.
    let text = Self.strong(duration: "264h 1m", weight: "1500", reps: "9999")
    let (_, sessions) = try FixtureLoader.parse(text)
    #expect(sessions[0].exercises[0].sets[0].weight == 1500)
    #expect(sessions[0].exercises[0].sets[0].reps == 9999)
    #expect(Self.message(Self.strong(weight: "3306")) != nil)
  }

  @Test func aHevyDateOutOfRangeIsRefused() {
    let text = """
      "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
      "Push","5 Dec 2225, 11:37","5 Dec 2225, 12:37","","Bench Press (Barbell)",,"",0,"normal",100,8,,,

      """
    #expect(
      Self.message(text)
        == "h.csv:2: column 'start_time': date out of range (1970 to 2099) '5 Dec 2225, 11:37'")
  }

  static func json(_ set: String) -> String {
    """
    {"sessions": [{"id": "a", "workout_name": "Dips", "start": "2026-11-20T18:00:00",
    "exercises": [{"name": "Dip", "sets": [\(set)]}]}]}
    """
  }

  @Test func jsonZeroAndOneAreNumbersNotBooleans() throws {
    // JSONSerialization on Linux says `1 is Bool`; a bodyweight 0 and a single rep are real.
    let (_, sessions) = try FixtureLoader.parse(
      Self.json(
        #"{"weight": 0, "reps": 1, "completed": true}, {"weight": 1, "reps": 0, "completed": false}"#),
      name: "h.json")
    let sets = sessions[0].exercises[0].sets
    #expect(sets.map(\.weight) == [0, 1])
    #expect(sets.map(\.reps) == [1, 0])
    #expect(sets.map(\.completed) == [true, false])
  }

  @Test func jsonOutOfRangeAndMistypedValuesAreRefused() {
    let path = "sessions[0].exercises[0].sets[0]"
    #expect(
      Self.message(Self.json(#"{"weight": 50, "reps": 1e19}"#), name: "h.json")
        == "h.json:1: field '\(path).reps': expected whole reps from 0 to 9999, got '1e+19'")
    #expect(
      Self.message(Self.json(#"{"weight": 1e300, "reps": 5}"#), name: "h.json")
        == "h.json:1: field '\(path).weight': weight out of range (0 to 1500 kg) '1e+300'")
    #expect(
      Self.message(Self.json(#"{"weight": true, "reps": 5}"#), name: "h.json")
        == "h.json:1: field '\(path).weight': expected a non-negative number, got '1'")
    #expect(
      Self.message(Self.json(#"{"weight": 5, "reps": 5, "completed": 1}"#), name: "h.json")
        == "h.json:1: field '\(path).completed': expected true or false, got '1'")
    #expect(
      Self.message(#"[{"id": "a", "workout_name": "x", "start": "2150-01-01T10:00:00"}]"#, name: "h.json")
        == "h.json:1: field 'sessions[0].start': date out of range (1970 to 2099) '2150-01-01T10:00:00'")
  }

  /// A native JSON history's impossible set costs that set, as in the apps' CSV exports: it is
  /// left out with its field and value, its session kept (strict parsing refuses the file).
  @Test func aJSONTypoCostsOneSetNotTheHistory() throws {
    let sessions = (0..<10).map { day in
      let reps = day == 4 ? "877777" : "8"
      return #"{"id": "s\#(day)", "workout_name": "Dips", "start": "2026-11-\#(10 + day)T18:00:00","#
        + #""exercises": [{"name": "Dip", "sets": [{"weight": 20, "reps": 8}, {"weight": 20, "reps": \#(reps)}]}]}"#
    }
    let text = "{\"sessions\": [\n" + sessions.joined(separator: ",\n") + "\n]}\n"
    #expect(throws: SpotterIOError.self) { try FixtureLoader.parse(text, name: "h.json") }
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "h.json")
    let read = kept
    #expect(read.count == 10)
    #expect(read.map { $0.exercises[0].sets.count } == [2, 2, 2, 2, 1, 2, 2, 2, 2, 2])
    #expect(
      findings.impossibleSets.map { "\($0)" } == [
        "h.json:6: field 'sessions[4].exercises[0].sets[1].reps': expected whole reps from 0 to 9999, got '877777'"
      ])
    #expect(findings.setRows == 20)
  }
}
