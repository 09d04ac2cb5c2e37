import ArgumentParser
import Testing

@testable import spotter

/// ``SpotterCommand/parsed(_:)``'s shortcut, a command without subcommands parsed by itself,
/// gives what the root's parse gives: the same command with the same values, or the same refusal.
@Suite struct SpotterCommandTests {
  static let lines: [[String]] = [
    ["run"], ["run", "--now", "2026-11-22T21:30:00+01:00", "--db", "s.sqlite", "--out", "out"],
    ["run", "--history", "a.csv", "--history", "b.csv", "--json", "--wait", "0"],
    ["run", "--timezone", "Europe/Berlin", "--weight-unit", "lb", "--days", "3"],
    ["run", "--wait", "-1"], ["run", "--timezone", "Mars/Base"], ["run", "--weight-unit", "stone"],
    ["run", "plan"], ["run", "--no-such-option"], ["run", "--help"], ["run", "-h"], ["run", "--version"],
    ["run", "--days"], ["run", "--", "x"], ["run", "--generate-completion-script", "bash"],
    ["plan", "--days", "2"], ["fire", "workout-reminder-2026-11-23@spotter"], ["fire"], ["catch-up"],
    ["skip", "tomorrow"], ["history", "--days", "3"], ["pattern", "--json"], ["batch", "--users", "u.jsonl"],
    ["batch", "--users", "u.jsonl", "--shard", "1/2", "--jobs", "2"], ["init", "--help"],
    ["focus", "list"], ["agenda", "show"], ["session", "list"], ["help", "run"], ["--version"], ["--help"],
    [],
    ["rn"], ["run", "--config"], ["snooze", "x", "--minutes", "10"], ["done", "x"],
  ]

  @Test(arguments: lines)
  func theShortcutParsesAsTheRootDoes(_ arguments: [String]) {
    let viaRoot = Result { try SpotterCommand.parseAsRoot(arguments) }
    let viaShortcut = Result { try SpotterCommand.parsed(arguments) }
    switch (viaRoot, viaShortcut) {
    case (.success(let root), .success(let shortcut)):
      #expect(type(of: root) == type(of: shortcut), "\(arguments)")
      #expect(String(reflecting: root) == String(reflecting: shortcut), "\(arguments)")
    case (.failure(let root), .failure(let shortcut)):
      #expect(
        SpotterCommand.fullMessage(for: root) == SpotterCommand.fullMessage(for: shortcut), "\(arguments)")
      #expect(SpotterCommand.exitCode(for: root) == SpotterCommand.exitCode(for: shortcut), "\(arguments)")
    default:
      Issue.record("\(arguments): \(viaRoot) against \(viaShortcut)")
    }
  }
}
