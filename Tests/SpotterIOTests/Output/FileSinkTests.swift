import Foundation
import Testing

@testable import SpotterIO

/// A sink that compares with the file it would replace creates its temporary only at the first
/// difference, and then writes exactly the new bytes.
@Suite struct FileSinkTests {
  func directory() throws -> String { try ScratchDirectory.make("spotter-sink") }

  /// Streams `pieces` as a replacement for `dir/out`, which holds `old`; returns the new file's
  /// text, or nil when nothing was staged.
  func replace(
    _ old: String, with pieces: [String], in dir: String, beforeStaging: () throws -> Void = {}
  ) throws -> String? {
    let target = dir + "/out"
    try AtomicFileWriter.write(old, to: target)
    try beforeStaging()
    let temporary = try AtomicFileWriter.writeTemporary(for: target, unlessSameAs: true) { sink in
      for piece in pieces { try sink.write(piece) }
    }
    guard let temporary else { return nil }
    defer { unlink(temporary) }
    return try String(contentsOfFile: temporary, encoding: .utf8)
  }

  @Test func equalBytesCreateNoTemporaryAtAll() throws {
    let dir = try directory()
    // A link planted at the temporary's name is removed by any attempt to create it: that it
    // is still there shows none was made.
    let temporary = dir + "/.out.tmp-\(getpid())"
    let staged = try replace(
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", with: ["BEGIN:VCAL", "ENDAR\r\n", "END:VCALENDAR\r\n"], in: dir
    ) {
      try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: dir + "/elsewhere")
    }
    #expect(staged == nil)
    // Empty pieces against an empty file: unchanged too.
    #expect(try replace("", with: ["", ""], in: try directory()) == nil)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: temporary)) == dir + "/elsewhere")
  }

  @Test(arguments: [
    (["abc", "def"], "abcdefg"),  // shorter: found only at the end
    (["abc", "defgh"], "abcdefg"),  // longer, in a piece that straddles the end
    (["abc", "dXf", "g"], "abcdefg"),  // different in the middle of a piece
    (["", "abcdefg", "", "h"], "abcdefg"),  // empty pieces, then one byte more
    (["xyz"], ""),  // the old file was empty
    ([""], "a"),  // nothing at all given: an empty file
  ])
  func aDifferenceWritesExactlyTheNewBytes(pieces: [String], old: String) throws {
    let dir = try directory()
    #expect(try replace(old, with: pieces, in: dir) == pieces.joined())
  }

  @Test func aLargePrefixThatMatchedIsCopiedWhole() throws {
    let dir = try directory()
    let line = String(repeating: "0123456789", count: 10) + "\r\n"
    let old = String(repeating: line, count: 2000)
    let pieces = Array(repeating: line, count: 1999) + ["changed\r\n"]
    #expect(try replace(old, with: pieces, in: dir) == pieces.joined())
  }

  @Test func aTargetThatIsALinkIsNotReadAsTheOldBytes() throws {
    let dir = try directory()
    try AtomicFileWriter.write("same", to: dir + "/real")
    try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: dir + "/real")
    let temporary = try AtomicFileWriter.writeTemporary(for: dir + "/out", unlessSameAs: true) {
      try $0.write("same")
    }
    // Not compared through the link: staged, so the rename replaces the link itself.
    #expect(temporary != nil)
    if let temporary { unlink(temporary) }
  }

  /// A target too large to hold in memory is compared on disk after the write: the same
  /// answer, and no temporary left either way but the one handed back.
  @Test func aTargetTooLargeToHoldIsComparedOnDisk() throws {
    let dir = try directory()
    let line = String(repeating: "x", count: 1023) + "\n"
    let pieces = Array(repeating: line, count: AtomicFileWriter.comparedInMemory / 1024 + 1)
    let target = dir + "/out"
    try AtomicFileWriter.write(pieces.joined(), to: target)
    let same = try AtomicFileWriter.writeTemporary(for: target, unlessSameAs: true) { sink in
      for piece in pieces { try sink.write(piece) }
    }
    #expect(same == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out"])
    let changed = try #require(
      try AtomicFileWriter.writeTemporary(for: target, unlessSameAs: true) { sink in
        for piece in pieces.dropLast() { try sink.write(piece) }
        try sink.write("changed\n")
      })
    defer { unlink(changed) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: changed)).count == (pieces.count - 1) * 1024 + 8)
  }
}
