import ArgumentParser
import SpotterApp

/// Where a changing `focus` command writes the outputs, and how it reports.
struct FocusOutputOptions: ParsableArguments {
  @Option(help: "Output directory (default: $XDG_DATA_HOME/spotter).")
  var out: String?

  @Flag(help: "Print the result as JSON.")
  var json = false

  /// The focus service writing into `--out`, or the default output directory.
  func service(in workspace: Workspace) -> FocusService {
    FocusService(workspace: workspace, outputDirectory: out ?? workspace.paths.output)
  }

  func report(_ change: FocusChange, in workspace: Workspace) throws -> String {
    if json { return try JSONOutput.encode(change, timeZone: workspace.settings.timeZone) }
    var lines = change.blocks.map { "\(change.action) \($0.line)" }
    for alert in change.alerts {
      let alarm =
        alert.fireLocal.map { "alert \($0)" } ?? (alert.status == "cancelled" ? "cancelled" : "no alert")
      lines.append("  \(alert.uid)  \(alarm)  seq \(alert.sequence)  \(alert.title) — \(alert.body)")
    }
    lines += change.warnings.map { "warning: \($0)" }
    if let counts = change.counts { lines.append(counts.text) }
    lines.append("wrote \(change.calendarPath) and \(change.agendaPath)")
    return lines.joined(separator: "\n")
  }
}
