import Foundation
import GRDB
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// A reader keeps SQLite's locks on the store for as long as it reads.
///
/// POSIX advisory locks belong to the process: closing any descriptor of the store file drops
/// every lock the process holds on it, SQLite's included (SQLite's "How To Corrupt", 2.2). A
/// reader that did so looked unused to a writer closing in another process, which then
/// checkpointed and deleted the log and its index under it; the next writer's checkpoint then
/// rewrote pages the reader was still reading through the deleted index, and `plan` or
/// `pattern` reported a healthy store as "database disk image is malformed" (seen in 1 of 60
/// crowds of writers and readers on a new store).
@Suite struct StoreLockTests {
  /// A real store with sessions in it, closed, in WAL mode.
  func store() throws -> String { try StoreDamageTests().store() }

  /// Another process's connection to `path`, which writes a setting into the log and stays
  /// open, as a writer does, then closes when told to; returns once it is open, and a function that
  /// closes it and says whether the log was still there after its close.
  func otherProcess(opening path: String) throws -> () throws -> Bool {
    let peer = try PythonPeer(
      """
      import os, sqlite3, sys
      connection = sqlite3.connect(sys.argv[1])
      connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('lock-test', '1')")
      connection.commit()
      print("open", flush=True)
      sys.stdin.readline()
      connection.close()
      print("kept" if os.path.exists(sys.argv[1] + "-wal") else "deleted", flush=True)
      """, arguments: [path])
    #expect(peer.first == "open")
    return { peer.finish() == "kept" }
  }

  /// While a reader is open, a writer closing in another process cannot take the store for
  /// itself: the log and its index stay for the reader. The reader opens while the log is there,
  /// so it looks at whose log it is.
  @Test func aReaderKeepsItsLocksWhileOpen() throws {
    let path = try store()
    let close = try otherProcess(opening: path)
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    let reader = try Store(readingAt: path)
    #expect(try reader.sessions().count > 0)
    #expect(try close(), "the other process deleted the log under an open reader")
    #expect(try reader.sessions().count > 0)
  }

  /// The same for a writer that opens a store with a log beside it and looks at it first.
  @Test func aWriterOpeningBesideALogKeepsItsLocks() throws {
    let path = try store()
    let close = try otherProcess(opening: path)
    let writer = try Store(path: path)
    #expect(try writer.sessions().count > 0)
    #expect(try close(), "the other process deleted the log under an open writer")
  }

  /// SQLite's own lock held past the busy timeout is a busy store (75, "try again"), never an I/O
  /// failure of the store (74): another connection's write transaction is a moment's contention.
  @Test func sqliteLockPastTheTimeoutIsBusy() throws {
    let path = try store()
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: path, configuration: configuration)
    try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
    defer { try? other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }
    let store = try Store(path: path, busyTimeout: 0)
    let error = #expect(throws: SpotterIOError.self) { try store.setSetting("busy-test", "1") }
    guard case .storeBusy(let failedPath, _)? = error else {
      Issue.record("not a busy store: \(String(describing: error))")
      return
    }
    #expect(failedPath == path)
    #expect(error?.exitCode == .temporaryFailure)
    #expect(error?.description.contains("database is locked") == true)
  }
}
