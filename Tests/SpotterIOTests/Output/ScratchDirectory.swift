import Foundation

/// A fresh, empty directory for an output test, under the system's temporary one.
enum ScratchDirectory {
  /// Creates `PREFIX-UUID` and returns its path.
  static func make(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
