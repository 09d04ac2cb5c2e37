import Foundation
import Testing

/// Compares `actual` with the golden file `Snapshots/<name>` at the root of the calling test target.
///
/// The golden file is recorded when it is missing or when `RECORD_SNAPSHOTS` is set; the test then
/// fails once with "recorded new baseline", so a re-recording is never silently green.
public func assertSnapshot(
  _ actual: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  var target = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  while target.deletingLastPathComponent().lastPathComponent != "Tests" && target.path != "/" {
    target = target.deletingLastPathComponent()
  }
  let directory = target.appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent(name)
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil
  if record || !FileManager.default.fileExists(atPath: file.path) {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(actual.utf8).write(to: file)
    Issue.record("recorded new baseline at \(file.path)", sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
  #expect(actual == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
}
