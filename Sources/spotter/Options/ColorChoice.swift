import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--color auto|always|never`, as ls and git take it.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never

  /// Whether to colour: `auto` colours a terminal, unless `NO_COLOR` is set (no-color.org) or the
  /// terminal is dumb.
  func enabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      if environment["TERM"] == "dumb" { return false }
      return isatty(STDOUT_FILENO) == 1
    }
  }
}
