import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

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

  @Test func aFailureCarriesItsExitStatusAndWhatItSaid() {
    // A time limit no healthy notifier comes near, so a slow machine cannot turn these into
    // timeouts.
    let runner = NotifierRunner(timeoutSeconds: 300)
    let failed = runner.run("exit 7", values: [:])
    #expect(!failed.succeeded)
    #expect(failed.reason == "exit status 7")
    let missing = runner.run("/nonexistent/notify-send {title}", values: ["title": "x"])
    #expect(missing.reason.hasPrefix("exit status 127: '"))
    #expect(missing.reason.contains("/nonexistent/notify-send"))
    let loud = runner.run("printf 'line one\\n\\033[31mred\\n'; exit 3", values: [:])
    #expect(loud.reason == "exit status 3: '\\e[31mred'")
    #expect(NotifierRunner.channel(of: "exit 7") == NotifierRunner.channel(of: "exit 7"))
    #expect(NotifierRunner.channel(of: "exit 7") != NotifierRunner.channel(of: "exit 8"))
  }

  @Test func aTimeoutKillsTheNotifiersWholeProcessGroup() throws {
    let dir = try scratch()
    let pidFile = dir.appendingPathComponent("child.pid").path
    let runner = NotifierRunner(timeoutSeconds: 3)
    // The child never ends by itself; only the group kill can stop it.
    let slow = runner.run("sleep 1000 & echo $! > '\(pidFile)'; wait", values: [:])
    #expect(slow.reason == "timed out after 3 s")
    let child = try #require(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(ProcessProbe.ends(child))
  }
}
