import Foundation
import SpotterCore
import Testing

@testable import SpotterIO

/// Notifiers run through the real /bin/sh.
@Suite struct NotifierRunnerTests {
  let hostile = "Push %Day 'A'; $(touch /tmp/spotter-should-not-exist)"

  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "spotter-notify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func valuesArriveAsQuotedArgumentsAndInTheEnvironment() throws {
    let dir = try scratch()
    let out = dir.appendingPathComponent("out.txt").path
    let runner = NotifierRunner(timeoutSeconds: 10)
    let result = runner.run(
      "printf '%s|%s|%s\\n' {title} \"$SPOTTER_TITLE\" \"$SPOTTER_KIND\" > '\(out)'",
      values: ["title": hostile, "kind": "workout-reminder"])
    #expect(result.succeeded, "\(result.reason)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "\(hostile)|\(hostile)|workout-reminder\n")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/spotter-should-not-exist"))
  }

  @Test func aFailureCarriesItsExitStatusAndATimeoutStopsTheNotifier() {
    let runner = NotifierRunner(timeoutSeconds: 1)
    let failed = runner.run("exit 7", values: [:])
    #expect(!failed.succeeded)
    #expect(failed.reason == "exit status 7")
    let missing = runner.run("/nonexistent/notify-send {title}", values: ["title": "x"])
    #expect(missing.reason == "exit status 127")
    let slow = runner.run("sleep 5", values: [:])
    #expect(slow.reason == "timed out after 1 s")
    #expect(NotifierRunner.channel(of: "exit 7") == NotifierRunner.channel(of: "exit 7"))
    #expect(NotifierRunner.channel(of: "exit 7") != NotifierRunner.channel(of: "exit 8"))
  }
}
