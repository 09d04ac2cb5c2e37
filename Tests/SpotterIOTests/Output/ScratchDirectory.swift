import Foundation
import _SpotterTestSupport

/// A fresh, empty directory for an output test, in the test run's own folder (``TestScratch``).
enum ScratchDirectory {
  /// Creates `PREFIX-UUID` and returns its path.
  static func make(_ prefix: String) throws -> String {
    let path = TestScratch.root.appendingPathComponent("\(prefix)-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
