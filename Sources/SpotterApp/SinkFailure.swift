import SpotterCore

/// A side effect after the commit that failed: the installed crontab block or the vdir. The
/// store and both output files are committed by then; the next command that writes tries the
/// sink again.
public struct SinkFailure: Sendable, Codable, Hashable {
  /// What was not brought up to date: "crontab block" or "vdir PATH".
  public var sink: String
  /// The error, as the command would have printed it.
  public var message: String
  /// The exit code the error alone would have given.
  public var exitCode: Int32

  public init(sink: String, message: String, exitCode: Int32) {
    self.sink = sink
    self.message = message
    self.exitCode = exitCode
  }

  /// The line that says it: what failed, why, and that nothing before it was lost.
  public var line: String { line(ConsoleWords(.en)) }

  /// ``line`` in `words`' language.
  public func line(_ words: ConsoleWords) -> String {
    words.pick(
      "\(sink) not updated: \(message) (the store and both files are; the next command tries again)",
      "\(sink.hasPrefix("vdir") ? sink : "crontab-Block") nicht aktualisiert: \(message) (der Speicher und beide Dateien "
        + "schon; der nächste Befehl versucht es wieder)")
  }
}
