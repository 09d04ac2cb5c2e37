import Foundation
import GRDB
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// A store that is newer, empty, damaged or not ours is refused with a clear message and never
/// written.
@Suite struct StoreDamageTests {
  /// A real store with sessions in it, closed.
  func store() throws -> String {
    let path = TestScratch.root
      .appendingPathComponent("spotter-damage-\(UUID().uuidString)/spotter.sqlite").path
    let store = try Store(path: path)
    _ = try store.importSessions(try FixtureLoader.read("strong-s3.csv").1)
    return path
  }

  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  func message(opening path: String) -> String? {
    do {
      _ = try Store(path: path).sessions()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Leaves beside the store at `path` the write-ahead log of another database, which `write`
  /// fills while it is open (no checkpoint).
  func leaveForeignLog(beside path: String, _ write: (DatabaseQueue) throws -> Void) throws {
    let other = TestScratch.root.appendingPathComponent("other-\(UUID()).sqlite").path
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
    }
    let queue = try DatabaseQueue(path: other, configuration: configuration)
    try write(queue)
    try FileManager.default.copyItem(atPath: other + "-wal", toPath: path + "-wal")
    try queue.close()
  }

  @Test func aStoreFromANewerSpotterIsRefusedAndLeftAsItIs() throws {
    let path = try store()
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "PRAGMA user_version = 99") }
    try queue.close()
    let before = bytes(path)
    #expect(
      message(opening: path)
        == "store '\(path)': written by a newer spotter (schema 99; this one reads up to \(Store.schemaVersion)); "
        + "upgrade spotter, or point --db elsewhere; the store was not changed")
    #expect(bytes(path) == before)
  }

  @Test func anEmptyFileIsDamagedNotANewStore() throws {
    let path = try store()
    try Data().write(to: URL(fileURLWithPath: path))
    #expect(
      message(opening: path)
        == "store damaged: '\(path)': the file is empty (0 bytes); restore it from a backup or move it aside")
    #expect(bytes(path) == Data())
    // Said in German too, frame and reason.
    do {
      _ = try Store(path: path)
      Issue.record("an empty file opened as a store")
    } catch let error as SpotterIOError {
      #expect(
        error.message(.de)
          == "Speicher beschädigt: '\(path)': die Datei ist leer (0 Bytes); stelle ihn aus einer Sicherung "
          + "wieder her oder schiebe ihn beiseite")
    }
  }

  @Test func aForeignWALIsCaughtBeforeSQLiteCheckpointsIt() throws {
    let path = try store()
    let before = bytes(path)
    // Another database's log, left beside ours.
    try leaveForeignLog(beside: path) { queue in
      try queue.write { db in
        try db.execute(sql: "CREATE TABLE notes (text TEXT)")
        for index in 0..<200 { try db.execute(sql: "INSERT INTO notes VALUES (?)", arguments: ["\(index)"]) }
      }
    }
    let text = try #require(message(opening: path))
    #expect(text.hasPrefix("store damaged: '\(path)': "))
    #expect(text.hasSuffix("; restore it from a backup or move it aside"))
    #expect(bytes(path) == before)
  }

  /// A log from another database whose tables have Spotter's names (here `session`, and another
  /// Spotter store's whole schema) used to be checkpointed into the store; it is refused by the
  /// store's identity, and both files keep their bytes. The store's own log still opens.
  @Test(arguments: ["CREATE TABLE session (id TEXT)", nil])
  func aForeignLogWithSpottersTableNamesIsRefusedAndBothFilesKept(schema: String?) throws {
    let path = try store()
    let before = bytes(path)
    try leaveForeignLog(beside: path) { queue in
      if let schema {
        try queue.write { db in
          try db.execute(sql: schema)
          try db.execute(sql: "INSERT INTO session VALUES ('x')")
        }
      } else {
        try Store.migrator.migrate(queue)
      }
    }
    let log = bytes(path + "-wal")
    let text = try #require(message(opening: path))
    #expect(text.contains("the write-ahead log beside it (spotter.sqlite-wal) belongs to another database"))
    #expect(throws: SpotterIOError.self) { try Store(readingAt: path).sessions() }
    #expect(bytes(path) == before)
    #expect(bytes(path + "-wal") == log)
  }

  /// The store's own log, left by a writer killed before its checkpoint, is read as before.
  @Test func theStoresOwnLogIsReadAfterACrash() throws {
    let path = try store()
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('probe', 'kept')") }
    let log = TestScratch.root.appendingPathComponent("log-\(UUID())").path
    try FileManager.default.copyItem(atPath: path + "-wal", toPath: log)
    let main = bytes(path)
    try queue.close()
    // The state a kill leaves: the file before the checkpoint, and the log.
    try #require(main).write(to: URL(fileURLWithPath: path))
    try? FileManager.default.removeItem(atPath: path + "-wal")
    try? FileManager.default.removeItem(atPath: path + "-shm")
    try FileManager.default.copyItem(atPath: log, toPath: path + "-wal")
    #expect(try Store(path: path).setting("probe") == "kept")
  }

  /// The empty log a read-only look leaves behind is no sign of a crash: counted as one, it sent
  /// every command after `Store.preview` through the crash checks, a `quick_check` of every page.
  /// A log with frames still is one.
  @Test func theEmptyLogOfAReadOnlyLookIsNoCrash() throws {
    let path = try store()
    #expect(try Store.existingStoreHasLog(path) == false)
    _ = Store.preview(path: path)
    let left = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber
    #expect(left?.intValue == 0)
    #expect(try Store.existingStoreHasLog(path) == false)
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
    try queue.write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('probe', 'kept')") }
    #expect(try Store.existingStoreHasLog(path) == true)
    try queue.close()
  }

  @Test func aDamagedPageIsReportedAsDamage() throws {
    let path = try store()
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    let size = try handle.seekToEnd()
    var page: UInt64 = 4096
    while page + 72 < size {
      try handle.seek(toOffset: page + 8)
      handle.write(Data(repeating: 0xA5, count: 64))
      page += 4096
    }
    try handle.close()
    let text = try #require(message(opening: path))
    #expect(text.hasPrefix("store damaged: '\(path)': "), "\(text)")
  }

  @Test func aFileThatIsNoDatabaseIsNotTakenOver() throws {
    let path = TestScratch.root.appendingPathComponent("history-\(UUID()).csv").path
    try "Date,Workout Name\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(message(opening: path)?.hasPrefix("store damaged: '\(path)': file is not a database") == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "Date,Workout Name\n")
  }
}
