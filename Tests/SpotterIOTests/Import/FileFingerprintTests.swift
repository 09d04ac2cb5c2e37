import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// An export unchanged since its last import is not even read, and no change slips past that:
/// a rewrite of the same size with its time set back, a file rewritten too soon after it was
/// read, a rewrite of the file behind a symlink.
@Suite struct FileFingerprintTests {
  let context = "importer 9|Europe/Berlin|kg||"

  func file(_ text: String) throws -> String {
    let directory = TestScratch.root.appendingPathComponent("fingerprint-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("export.csv").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Rewrites the file at `path` with other bytes of the same size, and sets its modification
  /// time back to what it was: only the change time, or the bytes, can tell.
  func rewriteKeepingItsTime(_ path: String) throws {
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    try "Date,Workout Name\n3,4\n".write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
  }

  /// A clock far enough after the file's last change for its identity to count.
  var later: Date { Date().addingTimeInterval(FileFingerprint.settledSeconds + 60) }

  /// A stored text's identity is its third field when that has a colon; texts stored before
  /// identities (size, time, hash, context) have none, whatever their context holds.
  @Test func theIdentityIsTheThirdFieldOfAStoredText() {
    #expect(
      FileFingerprint.identity(in: "22 1764000000.5 2049:1234:1764000000.25 a1b2 \(context)")
        == "2049:1234:1764000000.25")
    #expect(FileFingerprint.identity(in: "22 1764000000.5 - a1b2 \(context)") == nil)
    #expect(FileFingerprint.identity(in: "22 1764000000.5 a1b2 \(context)") == nil)
    #expect(FileFingerprint.identity(in: "22 1764000000.5 a1b2 importer 9|Zone|kg|é:x|") == nil)
    #expect(FileFingerprint.identity(in: "22 1764000000.5") == nil)
  }

  @Test func aSettledFileWhoseIdentityIsStoredIsNotRead() throws {
    let path = try file("Date,Workout Name\n1,2\n")
    let stored = try FileFingerprint.text(of: path, context: context, known: nil, settledBy: later)
    #expect(FileFingerprint.identity(in: stored) != nil)
    // A stored text with the file's identity but another hash comes back as it is: the bytes
    // were not read to compute one.
    let fields = stored.split(separator: " ", maxSplits: 4).map(String.init)
    let planted = ([fields[0], fields[1], fields[2], "feed"] + [fields[4]]).joined(separator: " ")
    #expect(try FileFingerprint.text(of: path, context: context, known: planted, settledBy: later) == planted)
    // Another context is another reading: the file is read.
    #expect(
      try FileFingerprint.text(of: path, context: context + "x", known: planted, settledBy: later)
        .hasSuffix(" " + context + "x"))
  }

  @Test func aSameSizeRewriteWithItsTimeSetBackIsCaught() throws {
    let path = try file("Date,Workout Name\n1,2\n")
    let stored = try FileFingerprint.text(of: path, context: context, known: nil, settledBy: later)
    try rewriteKeepingItsTime(path)
    // The change time moved with the write, and no program can set it back.
    let now = try FileFingerprint.text(of: path, context: context, known: stored, settledBy: later)
    #expect(!FileFingerprint.sameContent(stored, now))
  }

  @Test func aFileReadJustAfterItWasWrittenIsHashedAgainNextTime() throws {
    let path = try file("Date,Workout Name\n1,2\n")
    let fresh = try FileFingerprint.text(of: path, context: context, known: nil, settledBy: Date())
    #expect(FileFingerprint.identity(in: fresh) == nil)
    // Rewritten within the same tick, same size and time: only the bytes tell.
    try rewriteKeepingItsTime(path)
    let next = try FileFingerprint.text(of: path, context: context, known: fresh, settledBy: later)
    #expect(!FileFingerprint.sameContent(fresh, next))
  }

  @Test func theSameBytesUnderAnotherIdentityAreTheSameExport() throws {
    let path = try file("Date,Workout Name\n1,2\n")
    let stored = try FileFingerprint.text(of: path, context: context, known: nil, settledBy: later)
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    // Copied back over itself as a new file: a new inode and change time, the same bytes.
    let copy = path + ".copy"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: copy, toPath: path)
    try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    let now = try FileFingerprint.text(of: path, context: context, known: stored, settledBy: later)
    #expect(now != stored)
    #expect(FileFingerprint.sameContent(stored, now))
  }

  /// Texts stored before identities (size, time, hash, context) still match the same bytes, so
  /// an upgrade parses no export again.
  @Test func aTextStoredBeforeIdentitiesStillMatches() throws {
    let path = try file("Date,Workout Name\n1,2\n")
    let now = try FileFingerprint.text(of: path, context: context, known: nil, settledBy: later)
    let fields = now.split(separator: " ", maxSplits: 4).map(String.init)
    let old = [fields[0], fields[1], fields[3], fields[4]].joined(separator: " ")
    #expect(FileFingerprint.identity(in: old) == nil)
    #expect(FileFingerprint.sameContent(old, now))
    #expect(!FileFingerprint.sameContent(old.replacingOccurrences(of: fields[3], with: "feed"), now))
  }

  /// An export named through a symlink is identified by the file it points at: a rewrite of
  /// that file is caught, though the link itself never changed.
  @Test func anExportBehindASymlinkIsIdentifiedByItsTarget() throws {
    let target = try file("Date,Workout Name\n1,2\n")
    let link = target + ".latest"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let stored = try FileFingerprint.text(of: link, context: context, known: nil, settledBy: later)
    try rewriteKeepingItsTime(target)
    let now = try FileFingerprint.text(of: link, context: context, known: stored, settledBy: later)
    #expect(!FileFingerprint.sameContent(stored, now))
  }
}
