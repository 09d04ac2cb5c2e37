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

  /// Every command's name, a mistyped one and none, each followed by up to six tokens drawn
  /// from options of many commands (with and without values, `=` forms), help and version
  /// flags, `--` and stray words. A fixed seed, so a failure names a line that fails again.
  static let drawn: [[String]] = {
    let names = [
      "init", "run", "plan", "import", "pattern", "focus", "fire", "catch-up", "snooze", "skip", "done",
      "history", "agenda", "session", "achievements", "backtest", "sync", "batch", "help", "rn", "",
    ]
    let tokens = [
      "--now", "2026-11-22T21:30:00Z", "--db", "s.sqlite", "--json", "--days", "3", "-1", "x", "--help", "-h",
      "--version", "--", "--history", "a.csv", "--out", "out", "--wait", "0", "--timezone", "Europe/Berlin",
      "--users", "u.jsonl", "--shard", "1/2", "--jobs", "2", "--weeks", "--config", "c.toml", "list", "add",
      "show", "1h", "--minutes", "--language", "de", "--now=2026-11-22T21:30:00Z", "--days=2", "-j",
      "--bogus", "=", "tomorrow", "--weight-unit", "lb",
    ]
    // SplitMix64: the same lines on every machine and toolchain.
    var state: UInt64 = 45
    func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    // 160 lines: a parse of each way is 25 ms in a debug build.
    return (0..<160).map { _ in
      let name = names[next(names.count)]
      return (name.isEmpty ? [] : [name]) + (0..<next(7)).map { _ in tokens[next(tokens.count)] }
    }
  }()

  @Test(arguments: lines + drawn)
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
