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

  @Test func brokenJSONIsAnErrorNotACrash() {
    #expect(throws: SpotterIOError.self) {
      try FixtureLoader.parse("{\"sessions\": [\n{\"id\": }\n]}", name: "s.json")
    }
  }
}
