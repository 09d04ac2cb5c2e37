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
}
