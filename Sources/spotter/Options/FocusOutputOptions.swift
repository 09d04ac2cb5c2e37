import ArgumentParser
import SpotterApp
import SpotterCore

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
    var lines: [String] = []
    // The occurrences of one imported series are one line, under the series' id.
    var seriesDone = Set<String>()
    var inSeries = Set<String>()
    for block in change.blocks {
      guard let series = block.series else {
        lines.append("\(change.action) \(block.line)")
        continue
      }
      inSeries.insert(block.id)
      guard seriesDone.insert(series).inserted else { continue }
      let members = change.blocks.filter { $0.series == series }
      let last = members.map(\.startLocal).max() ?? block.startLocal
      lines.append(
        "\(change.action) \(series)  \(block.startLocal)–\(block.endLocal.suffix(5))  \(block.title)"
          + " (\(Wording.count(members.count, "occurrence")) to \(last.prefix(10)); `spotter focus rm \(series)` removes them)"
      )
    }
    let seriesAlerts = change.alerts.filter { alert in inSeries.contains { alert.uid.contains($0) } }
    if !seriesAlerts.isEmpty {
      lines.append("  \(Wording.count(seriesAlerts.count, "alert")) for the series' occurrences")
    }
    for alert in change.alerts where !inSeries.contains(where: { alert.uid.contains($0) }) {
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
