import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct NativeJSONImporterTests {
  @Test func readsSessionsInBothKeyStyles() throws {
    let (format, sessions) = try FixtureLoader.read("sessions.json")
    #expect(format == .nativeJSON)
    #expect(sessions.map(\.id) == ["a1b2", "c3d4"])
    #expect(sessions[0].start == TestZones.instant("2026-11-20T18:02:00+01:00"))
    #expect(sessions[0].exercises[0].sets.map(\.kind) == [.normal, .normal, .warmup])
    #expect(sessions[0].exercises[0].sets[0].completedAt == TestZones.instant("2026-11-20T18:10:00+01:00"))
    #expect(sessions[1].workoutName == "Pull Day")
    #expect(sessions[1].state == .paused)
    #expect(sessions[1].start == TestZones.instant("2026-11-21T09:00:00Z"))
  }

  /// In a folder, only a file that looks like Spotter's JSON is taken for it: both shapes, with a
  /// byte-order mark or leading blanks; not an INI section, another program's object or a list
  /// of something else.
  @Test(arguments: [
    ("{\"weight_unit\": \"kg\", \"sessions\": []}", true),
    ("\u{FEFF}\n  [ {\"id\": \"a\", \"startDate\": \"2026-11-20T18:00:00Z\"}]", true),
    ("[{\"id\": \"a\", \"workout_name\": \"Push\", \"start\": \"2026-11-20T18:00\"}]", true),
    ("[core]\n\tbare = false\n", false),
    ("{\"name\": \"package\", \"version\": \"1.0\"}", false),
    ("[{\"id\": 1, \"title\": \"todo\"}]", false),
    ("[1, 2, 3]", false),
  ])
  func aFolderTakesOnlyWhatLooksLikeAHistory(text: String, expected: Bool) {
    #expect(NativeJSONImporter.looksLikeHistory(Array(text.utf8)) == expected)
  }

  @Test func badValuesNameTheFieldAndLine() {
    let text = """
      [
        {"id": "x", "workout_name": "Push", "start": "yesterday evening"}
      ]
      """
    #expect(
      throws: SpotterIOError.malformedJSON(
        file: "s.json", line: 2, field: "sessions[0].start",
        reason: "expected an ISO 8601 time, got 'yesterday evening'")
    ) {
      try FixtureLoader.parse(text, name: "s.json")
    }
    #expect(
      throws: SpotterIOError.malformedJSON(
        file: "s.json", line: 1, field: "sessions[0].state",
        reason: "expected active, paused or completed, got 'done'")
    ) {
      try FixtureLoader.parse(
        #"[{"id": "x", "workout_name": "P", "start": "2026-01-01T10:00", "state": "done"}]"#, name: "s.json")
    }
  }

  /// A session whose time is typed as none can be (`2026-11-31`), or ends before it starts,
  /// costs that session, noted with its field; the others are kept. Strictly read, and past a
  /// fifth of the sessions, it refuses; a session without a start is refused still.
  @Test func aTypoedSessionTimeCostsThatSession() throws {
    func session(_ day: Int, start: String? = nil, end: String? = nil) -> String {
      let begin = start ?? "2026-11-\(day)T18:00:00Z"
      return #"{"id": "s\#(day)", "workout_name": "Push", "start": "\#(begin)""#
        + (end.map { #", "end": "\#($0)""# } ?? "") + "}"
    }
    var sessions = (10...19).map { session($0) }
    sessions[2] = session(12, start: "2026-11-31T18:00:00Z")
    sessions[5] = session(15, end: "2026-11-15T17:00:00Z")
    let text = "[" + sessions.joined(separator: ",\n") + "]"
    let (kept, findings) = try FixtureLoader.parseNoting(text, name: "h.json")
    #expect(kept.map(\.id) == ["s10", "s11", "s13", "s14", "s16", "s17", "s18", "s19"])
    #expect(
      findings.leftOutWorkouts.map { "\($0)" } == [
        "h.json:3: field 'sessions[2].start': expected an ISO 8601 time, got '2026-11-31T18:00:00Z'",
        "h.json:6: field 'sessions[5].end': end before start '2026-11-15T17:00:00Z'",
      ])
    #expect(throws: SpotterIOError.self) { try FixtureLoader.parse(text, name: "h.json") }
    let noStart = "[" + (sessions + [#"{"id": "x", "workout_name": "Push"}"#]).joined(separator: ",") + "]"
    #expect(throws: SpotterIOError.self) {
      try HistoryImporter(clock: TestZones.berlinClock, defaultUnit: .kilograms).parsePacked(
        Data(noStart.utf8), fileName: "h.json", findings: ImportFindings())
    }
  }

  @Test func brokenJSONIsAnErrorNotACrash() {
    #expect(throws: SpotterIOError.self) {
      try FixtureLoader.parse("{\"sessions\": [\n{\"id\": }\n]}", name: "s.json")
    }
  }
}
