import Foundation

/// Where Spotter keeps its files by default, following the XDG base directory spec.
public struct SpotterPaths: Sendable, Hashable {
  public var config: String
  public var database: String
  public var output: String
  /// Where `run` keeps its logs.
  public var state: String
  /// Where systemd looks for the user's own units.
  public var systemdUserUnits: String

  /// Defaults from `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `HOME` in `environment`.
  ///
  /// Each must be an absolute path to count, as the XDG spec says of its variables: an empty
  /// `HOME` (`env HOME= spotter run`, a service started with `Environment=HOME=`) put the store
  /// in `/.local/share/spotter`, and a relative one under whatever folder the command ran in.
  /// Such a `HOME` is passed over for the password database's.
  public init(environment: [String: String]) {
    // Looked up only when a variable is missing: NSHomeDirectory reads the password and group
    // databases, and a batch user, whose every folder is named, needs no home at all.
    var home: String?
    func base(_ variable: String, _ fallback: String) -> String {
      if let value = environment[variable], value.hasPrefix("/") { return value }
      let found = home ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
      home = found
      return found + "/" + fallback
    }
    let configHome = base("XDG_CONFIG_HOME", ".config")
    let dataHome = base("XDG_DATA_HOME", ".local/share")
    config = configHome + "/spotter/config.toml"
    state = base("XDG_STATE_HOME", ".local/state") + "/spotter"
    database = dataHome + "/spotter/spotter.sqlite"
    output = dataHome + "/spotter"
    systemdUserUnits = configHome + "/systemd/user"
  }
}
