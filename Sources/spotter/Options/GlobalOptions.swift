import ArgumentParser
import Foundation
import SpotterApp
import SpotterCore

/// The flags every subcommand takes.
struct GlobalOptions: ParsableArguments {
  @Option(
    help: "Config file (default: $XDG_CONFIG_HOME/spotter/config.toml).",
    completion: .file(extensions: ["toml"]))
  var config: String?

  @Option(help: "SQLite store (default: $XDG_DATA_HOME/spotter/spotter.sqlite).", completion: .file())
  var db: String?

  @Option(
    help: "The current instant, ISO 8601 (e.g. 2026-11-21T22:00:00Z); default: $SPOTTER_NOW, else the clock.")
  var now: String?

  @Option(help: "IANA time zone, overriding the config (e.g. Europe/Berlin).")
  var timezone: String?

  @Option(help: "Unit of weights in files that do not state one: kg or lb.")
  var weightUnit: String?

  @Option(help: "Seconds to wait for another spotter process working on the same store.")
  var wait: Double = 10

  @Option(
    help: "Also keep one UID.ics per reminder in this vdir, for khal and vdirsyncer (or config 'vdir').")
  var vdir: String?

  func validate() throws {
    if let weightUnit, WeightUnit(spelling: weightUnit) == nil {
      throw UsageWords.refusal(
        "--weight-unit must be 'kg' or 'lb', not '\(weightUnit)'.",
        "--weight-unit muss 'kg' oder 'lb' sein, nicht '\(weightUnit)'.")
    }
    if let timezone, TimeZone.named(timezone) == nil {
      let why = TimeZone.suggestion(for: timezone)
      throw UsageWords.refusal(
        "--timezone '\(timezone)': \(why.english).", "--timezone '\(timezone)': \(why.text(.de)).")
    }
    guard wait >= 0, wait <= 3600 else {
      throw UsageWords.refusal(
        "--wait must be 0 to 3600 seconds, not '\(wait)'.",
        "--wait muss 0 bis 3600 Sekunden sein, nicht '\(wait)'.")
    }
  }

  var spotterOptions: SpotterOptions {
    SpotterOptions(
      configPath: config, databasePath: db, now: now, timeZone: timezone,
      weightUnit: weightUnit.flatMap(WeightUnit.init(spelling:)), lockWaitSeconds: wait,
      executablePath: ExecutablePath.current(), vdirPath: vdir)
  }

  /// Runs `body`, turning Spotter's errors into a one-line message and a sysexits code.
  ///
  /// - Parameter opensStoreFirst: the workspace opens a steady store at once, under its lock
  ///   (``SpotterOptions/opensStoreFirst``): for the nightly run, which would open it anyway.
  func perform(opensStoreFirst: Bool = false, _ body: (Workspace) throws -> String) throws {
    // Errors are said in the configured language once it is known; before (a config that does
    // not load), in LANG's.
    // Made once: each making reads the environment and resolves the executable's path again.
    var options = spotterOptions
    var words = ConsoleWords(Workspace.language(in: options.environment) ?? .en)
    do {
      options.opensStoreFirst = opensStoreFirst
      let workspace = try Workspace(options: options)
      words = workspace.words
      defer {
        for notice in workspace.notices.drain() {
          // Notices quote files and servers: control characters are escaped, as in errors.
          FileHandle.standardError.write(Data("spotter: \(ErrorText.sanitized(notice))\n".utf8))
        }
      }
      let text = try body(workspace)
      if !text.isEmpty { print(text) }
    } catch let exit as ExitCode {
      throw exit
    } catch {
      let message = ExitStatus.message(for: error, words)
      FileHandle.standardError.write(Data("spotter: \(words.pick("error", "Fehler")): \(message)\n".utf8))
      if Self.wantsJSON { print(JSONOutput.error(code: ExitStatus.code(for: error), message: message)) }
      throw ExitCode(ExitStatus.code(for: error))
    }
  }

  /// Whether this invocation asked for `--json`: its errors are then JSON objects on standard
  /// output too, as its results would have been.
  static var wantsJSON: Bool { CommandLine.arguments.dropFirst().contains("--json") }

  /// Prints `text`, then reports each failure on stderr and exits with `code`, by default 69,
  /// when there are any: a notifier that failed is never silent (seed 004).
  func fail(
    _ failures: [String], after text: String, code: Int32? = nil, words: ConsoleWords = ConsoleWords(.en)
  ) throws {
    if !text.isEmpty { print(text) }
    guard !failures.isEmpty else { return }
    for failure in failures {
      FileHandle.standardError.write(Data("spotter: \(words.error(ErrorText.sanitized(failure)))\n".utf8))
    }
    throw ExitCode(code ?? SpotterExitCode.unavailable.rawValue)
  }
}
