/// A history source the nightly run could not import: it goes on with the others, and reports
/// this one before exiting non-zero.
public struct ImportFailure: Sendable, Codable, Hashable {
  /// The file, folder or glob as named.
  public var source: String
  /// The error, naming `file:line`, the field and the value where it can.
  public var message: String
  /// The exit code the error alone would have given.
  public var exitCode: Int32
}
