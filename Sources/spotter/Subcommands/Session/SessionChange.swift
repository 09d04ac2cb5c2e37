import ArgumentParser
import SpotterApp

/// `session pause|resume|end`: one run for the three, which differ only in the change they make.
protocol SessionChange: ParsableCommand {
  static var change: SessionService.Change { get }
  var options: GlobalOptions { get }
  var session: SessionArgument { get }
  var output: OutputOptions { get }
}

extension SessionChange {
  func run() throws {
    try options.perform { workspace in
      let (item, _) = try SessionService(
        workspace: workspace, outputDirectory: output.directory(in: workspace)
      )
      .apply(Self.change, to: session.id)
      return output.json
        ? try JSONOutput.encode(item, timeZone: workspace.settings.timeZone) : item.line(workspace.words)
    }
  }
}
