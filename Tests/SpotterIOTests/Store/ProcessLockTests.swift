import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct ProcessLockTests {
  @Test func aSecondHolderWaitsThenGivesUpNamingTheFirst() throws {
    let path = TestScratch.root
      .appendingPathComponent("spotter-lock-\(UUID().uuidString)/spotter.sqlite").path
    let first = try ProcessLock(storePath: path, waitSeconds: 0)
    let started = Date()
    #expect(throws: SpotterIOError.locked(path: path + ".lock", holder: "pid \(getpid())")) {
      _ = try ProcessLock(storePath: path, waitSeconds: 0.2)
    }
    #expect(Date().timeIntervalSince(started) >= 0.2)
    first.release()
    let second = try ProcessLock(storePath: path, waitSeconds: 0)
    second.release()
  }

  /// A lock that cannot be taken closes its descriptor once. It closed it a second time as the
  /// failed instance went away; in `spotter batch`, by then another thread could hold that
  /// number for an output file, whose write then failed ("Bad file descriptor", seen in CI). One
  /// thread fails to take a held lock over and over while another writes files: every write
  /// lands. The window is microseconds wide: without the fix this test did not catch the race in
  /// three runs here, so it guards the behaviour rather than reproducing the CI failure.
  @Test func aLockNotTakenClosesNothingElse() throws {
    let directory = TestScratch.root.appendingPathComponent(
      "spotter-lock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("spotter.sqlite").path
    let held = try ProcessLock(storePath: path, waitSeconds: 0)
    defer { held.release() }
    final class Failures: @unchecked Sendable {
      let lock = NSLock()
      var writes = 0
    }
    let failures = Failures()
    let done = DispatchSemaphore(value: 0)
    let writer = Thread {
      let file = directory.appendingPathComponent("data").path
      for _ in 0..<5000 {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let bytes: [UInt8] = Array(repeating: 0x41, count: 64)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if descriptor < 0 || written != 64 || close(descriptor) != 0 {
          failures.lock.lock()
          failures.writes += 1
          failures.lock.unlock()
        }
      }
      done.signal()
    }
    writer.start()
    for _ in 0..<5000 {
      #expect(throws: SpotterIOError.self) { _ = try ProcessLock(storePath: path, waitSeconds: 0) }
    }
    done.wait()
    #expect(failures.writes == 0)
  }

  /// A symlink planted at `STORE.lock` is refused, and its target keeps its bytes; so is anything
  /// that is not a regular file (a FIFO would have blocked the open).
  @Test func aPlantedLinkOrSpecialFileIsRefusedAndItsTargetUntouched() throws {
    let directory = TestScratch.root.appendingPathComponent(
      "spotter-lock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let target = directory.appendingPathComponent("precious.txt").path
    try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
    let store = directory.appendingPathComponent("spotter.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: store + ".lock", withDestinationPath: target)
    #expect(throws: SpotterIOError.self) { _ = try ProcessLock(storePath: store, waitSeconds: 0) }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")

    let fifo = directory.appendingPathComponent("fifo.sqlite").path
    #expect(mkfifo(fifo + ".lock", 0o600) == 0)
    #expect(throws: SpotterIOError.self) { _ = try ProcessLock(storePath: fifo, waitSeconds: 0) }
  }

  /// A lock held by another process is busy (75); a file system that gives no locks (ENOLCK,
  /// EOPNOTSUPP) is said as such (74), never as another spotter process that is not there.
  @Test func aFileSystemWithoutLocksIsNotAnotherProcess() {
    let path = "/srv/nfs/spotter.sqlite.lock"
    #expect(
      ProcessLock.failure(EWOULDBLOCK, path: path, holder: "pid 42") == .locked(path: path, holder: "pid 42"))
    for code in [ENOLCK, EOPNOTSUPP, ENOSYS] {
      let failure = ProcessLock.failure(code, path: path, holder: "")
      #expect(failure.exitCode == .ioError, "\(code)")
      #expect(failure.description.hasPrefix("\(path): cannot lock (\(String(cString: strerror(code))))"))
      #expect(failure.description.contains("gives no file locks"))
      #expect(!failure.description.contains("another spotter process"))
    }
  }
}
