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
    let words = workspace.words
    let action =
      switch change.action {
      case "added": words.pick("added", "hinzugefügt")
      case "moved": words.pick("moved", "verschoben")
      case "removed": words.pick("removed", "entfernt")
      case "imported": words.pick("imported", "importiert")
      default: change.action
      }
    var lines: [String] = []
    // The occurrences of one imported series are one line, under the series' id.
    var seriesDone = Set<String>()
    var inSeries = Set<String>()
    for block in change.blocks {
      guard let series = block.series else {
        lines.append("\(action) \(block.line(words))")
        continue
      }
      inSeries.insert(block.id)
      guard seriesDone.insert(series).inserted else { continue }
      let members = change.blocks.filter { $0.series == series }
      let last = members.map(\.startLocal).max() ?? block.startLocal
      let occurrences = words.count(members.count, "occurrence", (one: "Termin", many: "Termine"))
      lines.append(
        "\(action) \(series)  \(block.startLocal)–\(block.endLocal.suffix(5))  \(block.title) ("
          + words.pick(
            "\(occurrences) to \(last.prefix(10)); `spotter focus rm \(series)` removes them",
            "\(occurrences) bis \(last.prefix(10)); `spotter focus rm \(series)` entfernt sie") + ")")
    }
    let seriesAlerts = change.alerts.filter { alert in inSeries.contains { alert.uid.contains($0) } }
    if !seriesAlerts.isEmpty {
      lines.append(
        "  " + words.count(seriesAlerts.count, "alert", (one: "Hinweis", many: "Hinweise"))
          + words.pick(" for the series' occurrences", " für die Termine der Serie"))
    }
    for alert in change.alerts where !inSeries.contains(where: { alert.uid.contains($0) }) {
      let alarm =
        alert.fireLocal.map { words.pick("alert \($0)", "Hinweis \($0)") }
        ?? (alert.status == "cancelled"
          ? words.pick("cancelled", "abgesagt") : words.pick("no alert", "kein Hinweis"))
      lines.append("  \(alert.uid)  \(alarm)  seq \(alert.sequence)  \(alert.title) — \(alert.body)")
    }
    lines += change.warnings.map { words.warning($0) }
    if let counts = change.counts { lines.append(counts.text(words)) }
    lines.append(
      words.pick(
        "wrote \(change.calendarPath) and \(change.agendaPath)",
        "geschrieben: \(change.calendarPath) und \(change.agendaPath)"))
    return lines.joined(separator: "\n")
  }
}
