import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where tests put their files: a folder of this test process's own under the system's
/// temporary folder, in place of the temporary folder itself.
///
/// Each test's files sat loose in `/tmp`, and none was removed: a run of the suite left a few
/// thousand folders and files, and a machine that ran it for a month held 34,000 folders and
/// 25 GB. Now a run's files are in `spotter-tests/PID`, left for a look after a failure, and the
/// next run removes the folders of every process no longer running.
public enum TestScratch {
  /// This process's folder, created (and its dead siblings removed) on first use.
  public static let root: URL = {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-tests")
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] {
      // A folder of a process still running (another suite running now) is left alone.
      guard let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      try? manager.removeItem(at: parent.appendingPathComponent(name))
    }
    let root = parent.appendingPathComponent(String(getpid()))
    try? manager.createDirectory(at: root, withIntermediateDirectories: true)
    return root
  }()

  /// Writes `contents` to a new file at `path` in place; false when it cannot. Foundation's
  /// `createFile` writes through a `TemporaryDirectory.*` folder in `/tmp`, which it leaves.
  @discardableResult
  public static func createFile(_ path: String, _ contents: Data = Data()) -> Bool {
    (try? contents.write(to: URL(fileURLWithPath: path))) != nil
  }
}
