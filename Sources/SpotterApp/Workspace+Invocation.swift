import Foundation
import SpotterCore
import SpotterIO

extension Workspace {
  /// A spotter command for crontabs and timers, program first: the running binary with
  /// `subcommand`, this store and this config as absolute paths.
  public func invocationArguments(_ subcommand: String) -> [String] {
    var arguments = [options.executablePath ?? "spotter", subcommand, "--db", Self.absolute(databasePath)]
    if let config = options.configPath
      ?? (FileManager.default.fileExists(atPath: paths.config) ? paths.config : nil)
    {
      arguments += ["--config", Self.absolute(config)]
    }
    if let zone = options.timeZone { arguments += ["--timezone", zone] }
    return arguments
  }

  /// ``invocationArguments(_:)`` as one shell command line.
  public func invocation(_ subcommand: String) -> String {
    invocationArguments(subcommand).map(CommandTemplate.shellWord).joined(separator: " ")
  }

  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
