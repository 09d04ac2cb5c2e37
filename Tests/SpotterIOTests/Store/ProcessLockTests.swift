import Foundation
import Testing

@testable import SpotterIO

@Suite struct ProcessLockTests {
  @Test func aSecondHolderWaitsThenGivesUpNamingTheFirst() throws {
    let path = FileManager.default.temporaryDirectory
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

  /// A symlink planted at `STORE.lock` is refused, and its target keeps its bytes; so is anything
  /// that is not a regular file (a FIFO would have blocked the open).
  @Test func aPlantedLinkOrSpecialFileIsRefusedAndItsTargetUntouched() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "spotter-lock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let target = directory.appendingPathComponent("precious.txt").path
    try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
    let store = directory.appendingPathComponent("spotter.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: store + ".lock", withDestinationPath: target)
    #expect(throws: SpotterIOError.self) { _ = try ProcessLock(storePath: store, waitSeconds: 0) }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")

    let fifo = directory.appendingPathComponent("fifo.sqlite").path
    #expect(mkfifo(fifo + ".lock", 0o600) == 0)
    #expect(throws: SpotterIOError.self) { _ = try ProcessLock(storePath: fifo, waitSeconds: 0) }
  }
}
