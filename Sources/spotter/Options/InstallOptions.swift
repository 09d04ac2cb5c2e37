import ArgumentParser
import SpotterApp

/// What `agenda install` and `agenda uninstall` share: preview, and the systemd alternative.
struct InstallOptions: ParsableArguments {
  @Flag(help: "Show the diff and change nothing.")
  var dryRun = false

  @Flag(help: "Use systemd user timers instead of the crontab.")
  var systemd = false

  @Option(help: "Where the systemd units go (default: $XDG_CONFIG_HOME/systemd/user).")
  var unitDir: String?

  func validate() throws {
    if unitDir != nil && !systemd {
      throw UsageWords.refusal(
        "--unit-dir only goes with --systemd.",
        "--unit-dir geht nur mit --systemd.")
    }
  }

  /// The command's report: the diff on a dry run, else what changed.
  func report(_ change: AgendaInstaller.Change, done: String, unchanged: String) -> String {
    var lines: [String] = []
    if dryRun {
      lines.append(change.diff.isEmpty ? unchanged : change.diff.trimmingCharacters(in: .newlines))
    } else {
      lines.append(change.applied ? done : unchanged)
    }
    lines += change.files.map { "  \($0)" }
    if let schedule = change.schedule { lines.append(schedule) }
    return lines.joined(separator: "\n")
  }
}
