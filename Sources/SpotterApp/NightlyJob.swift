import Foundation
import SpotterCore

/// One night as `spotter run` ends it, for `run` and for every user of `batch` alike: the
/// night's work (``NightlyRunner``), the text it prints, the run log it keeps, and the failures
/// with the exit code they give.
///
/// The executable prints what it returns and exits with its code; the batch turns it into a
/// summary line. Neither spells the end of a night itself.
public struct NightlyJob: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// How one night ended.
  public struct Ending: Sendable {
    public let report: RunReport
    /// The night's lines (or its JSON), as printed and logged.
    public let text: String
    /// Each failure reported after the outputs were written, in the workspace's language.
    public let failures: [String]
    /// What went wrong beside the night without failing it, for a caller with no stderr to add
    /// it to: a batch user's run log that could not be written.
    public var warnings: [String] = []
    /// The code the night exits with when something failed: the first failure's, else 69.
    public var exitCode: Int32 {
      report.failureExitCode ?? SpotterExitCode.unavailable.rawValue
    }
    /// Whether a reminder changed or sessions came in (``RunReport/changedSomething``).
    public var changed: Bool { report.changedSomething }
  }

  /// Runs the night and keeps its log.
  ///
  /// - Parameters:
  ///   - json: the text is the report as JSON, every reminder's change in it.
  ///   - noticesInLog: the notices go into the log (and are drained): a batch user has no
  ///     stderr of their own. Otherwise they stay for the command's stderr, and a log that cannot
  ///     be written becomes one more.
  public func run(
    histories: [String], horizon: HorizonRequest, outputDirectory: String, catchUp: Bool = true,
    json: Bool = false, noticesInLog: Bool = false
  ) throws -> Ending {
    let words = workspace.words
    let report = try NightlyRunner(workspace: workspace).run(
      histories: histories, horizon: horizon, outputDirectory: outputDirectory, catchUp: catchUp,
      changesByUID: json)
    let failures = report.failureMessages(words)
    let text =
      json
      ? try JSONOutput.encode(report, timeZone: workspace.settings.timeZone)
      : report.lines(warning: workspace.agendaWarning, words: words).joined(separator: "\n")
    let notices = noticesInLog ? workspace.notices.drain().map { "spotter: \($0)" } : []
    // A quiet night keeps no log (``RunReport/isQuiet``): what it printed is in cron's
    // `spotter.log` already, and a host that ships state folders would copy a file per night.
    var warnings: [String] = []
    if !report.isQuiet || !notices.isEmpty || !workspace.notices.isEmpty {
      let log = RunLog(workspace: workspace)
      let logText = ([text] + failures.map { words.error($0) } + notices).joined(separator: "\n")
      // A quiet night whose log would repeat the last word for word (a standing note, "nothing
      // imported yet", night after night) keeps none either: it is on record already.
      if report.isQuiet && log.latestHolds(logText) {
        return Ending(report: report, text: text, failures: failures)
      }
      do {
        _ = try log.write(logText, now: workspace.now)
      } catch {
        let warning =
          words.pick("no run log: ", "kein Lauf-Protokoll: ") + ExitStatus.message(for: error, words)
        // A log that cannot be written costs the night nothing, but is said: on stderr for a
        // command, in the summary for a batch user, whose notices were bound for that log.
        if noticesInLog { warnings.append(warning) } else { workspace.notices.add(words.warning(warning)) }
      }
    }
    return Ending(report: report, text: text, failures: failures, warnings: warnings)
  }
}
