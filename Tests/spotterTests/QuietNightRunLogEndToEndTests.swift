import Foundation
import Testing
import _SpotterTestSupport

/// A quiet night (nothing changed, nothing came in, nothing failed) keeps no run log, in `run`
/// as in `batch`; a night that did something keeps one.
@Suite struct QuietNightRunLogEndToEndTests {
  @Test func aQuietNightKeepsNoRunLogAndANightThatChangedKeepsOne() async throws {
    let dir = try SpotterBinary.scratch()
    let state = dir.appendingPathComponent("state").path
    func run(_ now: String, histories: [String] = ["strong.csv"]) async throws -> [String] {
      let result = try await SpotterBinary.run(
        [
          "run", "--config", SpotterBinary.example("config.toml"), "--db",
          dir.appendingPathComponent("s.sqlite").path,
          "--out", dir.appendingPathComponent("out").path, "--now", now, "--history",
        ] + histories.map(SpotterBinary.example), environment: ["XDG_STATE_HOME": state])
      #expect(result.status == 0, "\(result.stderr)")
      return (try? FileManager.default.contentsOfDirectory(atPath: state + "/spotter"))?.filter {
        $0.hasPrefix("run-")
      } ?? []
    }
    #expect(try await run("2026-11-22T21:30:00+01:00").count == 1)
    // The same night again: nothing changed, so nothing is written, no log either.
    #expect(try await run("2026-11-22T21:30:00+01:00").count == 1)
    // Tuesday night, eleven days after the last Strong session, is as quiet: the silence
    // leaves Wednesday unreminded, as it left Monday.
    #expect(try await run("2026-11-24T21:30:00+01:00").count == 1)
    // The Hevy sessions come in, and Wednesday's reminder with them: that night changed
    // something, so its log is kept.
    #expect(try await run("2026-11-24T21:30:00+01:00", histories: ["strong.csv", "hevy.csv"]).count == 2)
  }
}
