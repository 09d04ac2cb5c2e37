import ArgumentParser
import SpotterApp

/// Where a command that changes a reminder writes the outputs, and how it reports.
struct OutputOptions: ParsableArguments {
  @Option(help: "Output directory (default: $XDG_DATA_HOME/spotter).")
  var out: String?

  @Flag(help: "Print the result as JSON.")
  var json = false

  func directory(in workspace: Workspace) -> String { out ?? workspace.paths.output }
}
