import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Notifiers run through the real /bin/sh.
@Suite struct NotifierRunnerTests {
  let hostile = "Push %Day 'A'; $(touch /tmp/spotter-should-not-exist)"

  func scratch() throws -> URL {
    let url = TestScratch.root.appendingPathComponent(
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

  /// The Hevy key in this process's environment never reaches a notifier, so a notifier that
  /// prints its environment cannot put it into the history; the rest of the environment does.
  @Test func theHevyKeyIsNotANotifiersToKnow() {
    let runner = NotifierRunner(
      timeoutSeconds: 300,
      environment: ["HEVY_API_KEY": "hevy-secret-1234", "PATH": "/usr/bin:/bin", "HOME": "/h"])
    let told = runner.run("echo \"key=$HEVY_API_KEY home=$HOME\"; exit 3", values: [:])
    #expect(told.reason == "exit status 3: 'key= home=/h'")
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

  /// A notifier that floods its output (a loop that prints) is stopped once it passes the limit,
  /// with its whole group, where it filled TMPDIR until its time limit; its last words are kept.
  @Test func aNotifierThatFloodsItsOutputIsStopped() throws {
    let dir = try scratch()
    let pidFile = dir.appendingPathComponent("child.pid").path
    // A time limit no healthy machine comes near: only the flood can end it.
    let runner = NotifierRunner(timeoutSeconds: 600)
    let flood = runner.run("yes flood & echo $! > '\(pidFile)'; wait", values: [:])
    #expect(!flood.succeeded)
    // Its last line, which the kill may have cut short: "flood", or the start of it.
    #expect(flood.reason.hasPrefix("stopped: wrote more than 1 MB of output: 'f"), "\(flood.reason)")
    let child = try #require(
      Int32(
        try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(ProcessProbe.ends(child))
  }

  /// Injection payloads from workout names and calendar summaries, through the real /bin/sh: a
  /// template that passes the check prints each one as text and runs none of them; the quoted
  /// templates that ran them are refused.
  @Test func noPayloadRunsThroughATemplateThatPassesTheCheck() throws {
    let dir = try scratch()
    let marker = dir.appendingPathComponent("ran").path
    let payloads = [
      "$(touch \(marker))", "`touch \(marker)`", "'; touch \(marker); '", "\"; touch \(marker); \"",
      "x; touch \(marker)", "x\ntouch \(marker)", "100% done %s %n", "x' $(touch \(marker)) '",
      "\\\"$(touch \(marker))\\\"", "x && touch \(marker)", "x | touch \(marker)", "$((1+1)) ${HOME}",
      "x\r\ntouch \(marker)", "{body}", "'\"'\"`touch \(marker)`", "$'\\x27' ; touch \(marker)",
    ]
    let out = dir.appendingPathComponent("out.txt").path
    let safe = "printf '%s\\n' {body} >> '\(out)'"
    #expect(CommandTemplate(safe).unsafePlaceholder() == nil)
    for quoted in ["echo \"{body}\" >> '\(out)'", "echo '{body}' >> '\(out)'"] {
      #expect(CommandTemplate(quoted).unsafePlaceholder() != nil, "\(quoted)")
    }
    let runner = NotifierRunner(timeoutSeconds: 10)
    for payload in payloads {
      #expect(runner.run(safe, values: ["body": payload]).succeeded, "\(payload)")
    }
    #expect(!FileManager.default.fileExists(atPath: marker))
    // Each payload comes out as it went in, but for line breaks, which become spaces.
    let printed = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
    let expected: [String] = payloads.map { payload in
      String(CommandTemplate.shellQuote(payload).dropFirst().dropLast()).replacingOccurrences(
        of: "'\\''", with: "'")
    }
    #expect(printed == expected)
  }
}
