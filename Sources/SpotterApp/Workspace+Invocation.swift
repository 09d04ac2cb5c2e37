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

  /// `path` from the working directory, standardised: `.` and `..` read lexically, doubled and
  /// trailing slashes dropped, as Foundation's `standardizedFileURL` spells it.
  static func absolute(_ path: String) -> String {
    // An absolute path with nothing standardising changes is its own spelling: Foundation's
    // URL round trip cost 18,000 instructions a path, five paths a user every night.
    if isStandardAbsolute(path) { return path }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Whether `path` is absolute, printable ASCII, with no `//`, no component starting with a
  /// dot (which covers `.` and `..`), no trailing slash, and not under `/private` (which macOS
  /// standardises away): a path standardising leaves as it is. Anything else, even a name that
  /// only starts with a dot, goes the long way.
  static func isStandardAbsolute(_ path: String) -> Bool {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard bytes.first == slash else { return false }
      if bytes.count == 1 { return true }
      guard bytes.last != slash, !path.hasPrefix("/private") else { return false }
      var previous = slash
      for byte in bytes.dropFirst() {
        guard (0x20...0x7E).contains(byte), previous != slash || (byte != slash && byte != dot) else {
          return false
        }
        previous = byte
      }
      return true
    }
    return path.utf8.withContiguousStorageIfAvailable(check) ?? false
  }
}
