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
