import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// ``Store/checkFileKinds(_:)`` looks where SQLite puts a store's log and its index: beside the
/// file a linked store names, and beside the store itself when only a folder on the way is a link.
@Suite struct StoreFileKindsTests {
  /// A folder holding `real/store.sqlite`, a regular file.
  private func scratch() throws -> (root: URL, real: URL) {
    let root = TestScratch.root.appendingPathComponent("spotter-kinds-\(UUID().uuidString)")
    let real = root.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: real.appendingPathComponent("store.sqlite"))
    return (root, real)
  }

  /// A FIFO as the log beside the file a linked store names is refused: SQLite opens that log.
  @Test func aLinkedStoreHasItsLogLookedForBesideTheFileItNames() throws {
    let (root, real) = try scratch()
    let link = root.appendingPathComponent("link.sqlite").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: real.appendingPathComponent("store.sqlite").path)
    try Store.checkFileKinds(link)
    try #require(mkfifo(real.appendingPathComponent("store.sqlite-wal").path, 0o644) == 0)
    #expect(throws: SpotterIOError.self) { try Store.checkFileKinds(link) }
    // Beside the link itself, a FIFO is nothing SQLite opens.
    let (other, otherReal) = try scratch()
    let second = other.appendingPathComponent("link.sqlite").path
    try FileManager.default.createSymbolicLink(
      atPath: second, withDestinationPath: otherReal.appendingPathComponent("store.sqlite").path)
    try #require(mkfifo(second + "-wal", 0o644) == 0)
    try Store.checkFileKinds(second)
  }

  /// Through a linked folder (and `..` after it, which the kernel resolves from the folder the
  /// link names), the log beside the store is the one SQLite opens, and a FIFO there is refused.
  @Test func aStoreThroughALinkedFolderHasItsLogLookedForBesideIt() throws {
    let (root, real) = try scratch()
    let deeper = real.appendingPathComponent("deeper")
    try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
    let folder = root.appendingPathComponent("folder")
    try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: deeper.path)
    let path = folder.path + "/../store.sqlite"
    try Store.checkFileKinds(path)
    try #require(mkfifo(real.appendingPathComponent("store.sqlite-shm").path, 0o644) == 0)
    #expect(throws: SpotterIOError.self) { try Store.checkFileKinds(path) }
  }

  /// A link to a folder or a FIFO is refused as what it names; a link that names nothing yet is
  /// no store yet, as a missing path is.
  @Test func aLinkIsJudgedByWhatItNames() throws {
    let (root, real) = try scratch()
    let toFolder = root.appendingPathComponent("folder.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: toFolder, withDestinationPath: real.path)
    #expect(throws: SpotterIOError.self) { try Store.checkFileKinds(toFolder) }
    let fifo = root.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o644) == 0)
    let toFIFO = root.appendingPathComponent("fifo.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: toFIFO, withDestinationPath: fifo)
    #expect(throws: SpotterIOError.self) { try Store.checkFileKinds(toFIFO) }
    let dangling = root.appendingPathComponent("dangling.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: root.path + "/none")
    try Store.checkFileKinds(dangling)
    try Store.checkFileKinds(root.appendingPathComponent("missing.sqlite").path)
  }
}
