import Foundation
import Testing

@testable import SpotterIO

#if canImport(Glibc)
  import Glibc
#endif

/// The outputs and the store change behind them land together, or not at all.
@Suite struct OutputTransactionTests {
  func directory() throws -> String { try ScratchDirectory.make("spotter-outputs") }

  func contents(_ directory: String) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      files[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }
    return files
  }

  @Test func aCommitReplacesEveryFileAfterTheSave() throws {
    let dir = try directory()
    try AtomicFileWriter.write("old a", to: dir + "/a")
    var transaction = OutputTransaction(directory: dir)
    try transaction.stage("new a", as: "a")
    try transaction.stage("new b", as: "b")
    var during: String?
    try transaction.commit {
      // The store commits while the old files are still in place.
      during = try String(contentsOfFile: dir + "/a", encoding: .utf8)
    }
    #expect(during == "old a")
    #expect(try contents(dir) == ["a": "new a", "b": "new b"])
  }

  @Test func aFailedSaveLeavesTheOldFilesAndNoTemporaries() throws {
    let dir = try directory()
    try AtomicFileWriter.write("old a", to: dir + "/a")
    var transaction = OutputTransaction(directory: dir)
    try transaction.stage("new a", as: "a")
    #expect(throws: SpotterIOError.self) {
      try transaction.commit { throw SpotterIOError.store(path: "s", reason: "disk full") }
    }
    #expect(try contents(dir) == ["a": "old a"])
  }

  @Test func anUnwritableDirectoryFailsBeforeTheSave() throws {
    let dir = try directory()
    // A file where the directory should be: fails for root too, unlike a read-only mode.
    try "x".write(toFile: dir + "/out", atomically: false, encoding: .utf8)
    var transaction = OutputTransaction(directory: dir + "/out")
    #expect(throws: SpotterIOError.self) { try transaction.stage("new", as: "a") }
  }

  @Test func recoveryFinishesTheRenamesAJournalNames() throws {
    let dir = try directory()
    // As a kill between the two renames leaves it: the first file new, the second still staged.
    try AtomicFileWriter.write("new a", to: dir + "/a")
    try AtomicFileWriter.write("old b", to: dir + "/b")
    try AtomicFileWriter.write("new b", to: dir + "/.b.tmp-999999")
    try AtomicFileWriter.write(".b.tmp-999999\tb\n", to: dir + "/" + OutputTransaction.journalName)
    #expect(try OutputTransaction.recover(directory: dir) == ["b"])
    #expect(try contents(dir) == ["a": "new a", "b": "new b"])
  }

  /// A journal is read as the few lines a commit writes, never through a link: one made huge (a
  /// sparse 10 GB file, read whole on every run before) or a link to a journal elsewhere names
  /// nothing, and nothing is renamed.
  @Test func aHugeOrLinkedJournalNamesNothing() throws {
    let dir = try directory()
    try AtomicFileWriter.write("old b", to: dir + "/b")
    try AtomicFileWriter.write("new b", to: dir + "/.b.tmp-999999")
    let journal = dir + "/" + OutputTransaction.journalName
    let elsewhere = dir + "/../journal-\(UUID().uuidString)"
    try AtomicFileWriter.write(".b.tmp-999999\tb\n", to: elsewhere)
    defer { unlink(elsewhere) }
    try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: elsewhere)
    #expect(try OutputTransaction.recover(directory: dir).isEmpty)
    unlink(journal)
    try AtomicFileWriter.write(".b.tmp-999999\tb\n", to: journal)
    #expect(truncate(journal, off_t(10) << 30) == 0)
    #expect(try OutputTransaction.recover(directory: dir).isEmpty)
    #expect(try String(contentsOfFile: dir + "/b", encoding: .utf8) == "old b")
  }

  @Test func recoveryRemovesTemporariesOfDeadWritersOnly() throws {
    let dir = try directory()
    try AtomicFileWriter.write("old", to: dir + "/a")
    try AtomicFileWriter.write("half", to: dir + "/.a.tmp-999999")
    // PID 1 is alive: its file is not ours to remove.
    try AtomicFileWriter.write("busy", to: dir + "/.a.tmp-1")
    #expect(try OutputTransaction.recover(directory: dir) == [])
    #expect(try contents(dir) == ["a": "old", ".a.tmp-1": "busy"])
  }
}
