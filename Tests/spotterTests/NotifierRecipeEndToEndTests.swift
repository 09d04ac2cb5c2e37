import Foundation
import Testing
import _SpotterTestSupport

/// Issue 14 §4: the README's notifier recipes, word for word, fired through `spotter fire` with
/// stand-ins for `notify-send`, `curl` and `mail` first on PATH that record what they were given.
@Suite struct NotifierRecipeEndToEndTests {
  static let recipes = [
    "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus notify-send --app-name=Spotter {title} {body}",
    "curl -fsS -H \"Title: $SPOTTER_TITLE\" -d \"$SPOTTER_BODY\" https://ntfy.sh/your-secret-topic",
    "printf '%s\\n' \"$SPOTTER_BODY\" | mail -s \"$SPOTTER_TITLE\" you@example.com",
  ]
  static let uid = "workout-reminder-2026-11-23@spotter"

  /// A directory with `notify-send`, `curl` and `mail` that each append their arguments (one per
  /// line), `DBUS_SESSION_BUS_ADDRESS` and their standard input to `calls.log`.
  func standIns(_ dir: URL) throws -> (bin: String, log: String) {
    let bin = dir.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let log = dir.appendingPathComponent("calls.log").path
    for name in ["notify-send", "curl", "mail"] {
      let script = """
        #!/bin/sh
        { echo "program: \(name)"; for arg in "$@"; do echo "arg: $arg"; done
          echo "dbus: ${DBUS_SESSION_BUS_ADDRESS:-}"
          if [ "\(name)" = mail ]; then sed 's/^/stdin: /'; fi; } >> '\(log)'
        """
      let path = bin.appendingPathComponent(name).path
      try script.write(toFile: path, atomically: false, encoding: .utf8)
      chmod(path, 0o755)
    }
    return (bin.path, log)
  }

  @Test(arguments: 0..<3)
  func theRecipeDeliversTheTitleAndBody(index: Int) async throws {
    let recipe = Self.recipes[index]
    let readme = try String(
      contentsOf: SpotterBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let quoted =
      "commands = [\""
      + recipe.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
    #expect(readme.contains(quoted), "the README's recipe is not \(quoted)")
    let box = try Sandbox(notifier: recipe)
    let (bin, log) = try standIns(box.dir)
    let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    #expect(
      try await box.spotter(
        ["run"], now: "2026-11-22T21:30:00+01:00", writes: true, environment: ["PATH": path]
      )
      .status == 0)
    let fired = try await box.spotter(
      ["fire", Self.uid], now: "2026-11-23T08:30:00+01:00", environment: ["PATH": path])
    #expect(fired.status == 0, "\(fired.stderr)")
    let calls = try String(contentsOfFile: log, encoding: .utf8)
    switch index {
    case 0:
      #expect(
        calls.contains(
          "program: notify-send\narg: --app-name=Spotter\narg: Workout Time: Push Day!\narg: Planned for 09:00. Ready?\n"
        ))
      #expect(calls.contains("dbus: unix:path=/run/user/\(getuid())/bus"))
    case 1:
      #expect(
        calls.contains(
          "program: curl\narg: -fsS\narg: -H\narg: Title: Workout Time: Push Day!\narg: -d\narg: Planned for 09:00. Ready?\n"
            + "arg: https://ntfy.sh/your-secret-topic\n"))
    default:
      #expect(
        calls.contains(
          "program: mail\narg: -s\narg: Workout Time: Push Day!\narg: you@example.com\ndbus: \nstdin: Planned for 09:00. Ready?\n"
        ))
    }
  }
}
