import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterApp

#if canImport(Glibc)
  import Glibc
#endif

/// Reading `--summary` a chunk at a time: what is read does not depend on where the chunks
/// fall, and a line longer than any outcome is looked at only as far as that.
@Suite struct BatchSummaryTests {
  static let night = "2026-11-22"

  /// The summary's bytes, read through a descriptor as the batch reads them.
  func read(_ text: String, chunkBytes: Int, longestLine: Int = 200)
    throws -> (outcomes: [BatchService.Outcome], skipped: [String], endsInsideALine: Bool)
  {
    let path = TestScratch.root.appendingPathComponent("summary-\(UUID().uuidString).jsonl").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let descriptor = open(path, O_RDONLY)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    return BatchSummary.outcomes(
      in: descriptor, size: text.utf8.count, night: Self.night, path: "S", chunkBytes: chunkBytes,
      longestLine: longestLine)
  }

  /// An outcome's line as the batch writes it (sorted keys, so a warning comes after the night).
  func line(_ id: String, night: String = night, warning: String? = nil) -> String {
    "{\"changed\":true,\"code\":0,\"id\":\"\(id)\",\"night\":\"\(night)\""
      + (warning.map { ",\"warning\":\"\($0)\"" } ?? "") + "}"
  }

  @Test func whereTheChunksFallChangesNothing() throws {
    let lines = [
      line("u0"),
      line("u1", night: "2026-11-21"),
      "",
      line("u2").replacingOccurrences(of: "\"code\":0", with: "\"code\":zero"),  // this night's, edited
      line("u3", warning: String(repeating: "x", count: 300)),  // this night's, longer than any outcome
      line("u4", night: "2026-11-20", warning: String(repeating: "y", count: 300)),  // another night's
      "{\"night\":\"2026-11-21\" not json",
      line("u5"),
    ]
    let whole = lines.joined(separator: "\n")
    let cases: [(text: String, ids: [String], skipped: [String], torn: Bool)] = [
      (
        whole + "\n", ["u0", "u5"],
        [
          "S:4: a line of this night that is no user's outcome; skipped, as if its user had not run yet",
          "S:5: a line of this night that is longer than any outcome; skipped, as if its user had not run yet",
        ], false
      ),
      // Torn by a kill: this night's line, then another's before its night.
      (
        whole + "\n" + String(line("u6").dropLast(1)), ["u0", "u5"],
        [
          "S:4: a line of this night that is no user's outcome; skipped, as if its user had not run yet",
          "S:5: a line of this night that is longer than any outcome; skipped, as if its user had not run yet",
          "S:9: a line of this night that is cut short (a kill or a full disk as it was written), closed; "
            + "skipped, as if its user had not run yet",
        ], true
      ),
      (
        line("u0") + "\n" + "{\"changed\":false,\"code\":0,\"id\":\"u9\",\"ni", ["u0"],
        ["S:2: a line cut short (a kill or a full disk as it was written), closed and skipped"], true
      ),
      // A whole line without its newline is no tear; an empty file, nothing.
      (line("u0"), ["u0"], [], true),
      ("", [], [], false),
    ]
    for (text, ids, skipped, torn) in cases {
      for chunk in Array(1...70) + [1 << 20] {
        let read = try read(text, chunkBytes: chunk)
        #expect(read.outcomes.map(\.id) == ids, "chunks of \(chunk)")
        #expect(read.skipped == skipped, "chunks of \(chunk)")
        #expect(read.endsInsideALine == torn, "chunks of \(chunk)")
      }
    }
  }

  /// A sparse file's holes read as the zeros they are, without being read (a summary made a
  /// terabyte by `truncate` would otherwise hold the shard for most of an hour): what is read
  /// equals what the same bytes written out give.
  @Test func aHoleIsZerosNotRead() throws {
    let hole = 3 << 20
    let first = Array((line("u0") + "\n").utf8)
    let second = Array(("\n" + line("u1") + "\n").utf8)
    for layout in [[first, [], second], [first, []]] {
      // Written out: every byte on disk.
      let plain = TestScratch.root.appendingPathComponent("summary-\(UUID().uuidString).jsonl").path
      let bytes = layout[0] + [UInt8](repeating: 0, count: hole) + (layout.count > 2 ? layout[2] : [])
      try Data(bytes).write(to: URL(fileURLWithPath: plain))
      // Sparse: the zeros a hole, as `truncate` leaves them.
      let sparse = TestScratch.root.appendingPathComponent("summary-\(UUID().uuidString).jsonl").path
      try Data(first).write(to: URL(fileURLWithPath: sparse))
      let descriptor = open(sparse, O_RDWR)
      #expect(descriptor >= 0)
      defer { close(descriptor) }
      #expect(ftruncate(descriptor, off_t(first.count + hole)) == 0)
      if layout.count > 2 {
        #expect(pwrite(descriptor, second, second.count, off_t(first.count + hole)) == second.count)
      }
      let expected: [String] = layout.count > 2 ? ["u0", "u1"] : ["u0"]
      for path in [plain, sparse] {
        let file = open(path, O_RDONLY)
        defer { close(file) }
        for chunk in [4096, 1 << 20] {
          let read = BatchSummary.outcomes(
            in: file, size: bytes.count, night: Self.night, path: "S", chunkBytes: chunk)
          #expect(read.outcomes.map(\.id) == expected, "\(path), chunks of \(chunk)")
          #expect(
            read.skipped
              == (layout.count > 2
                ? []
                : ["S:2: a line cut short (a kill or a full disk as it was written), closed and skipped"]),
            "\(path), chunks of \(chunk)")
          #expect(read.endsInsideALine == (layout.count == 2))
        }
      }
    }
  }

  /// A file of damage is said by its first lines and a count.
  @Test func manyDamagedLinesAreSaidByACount() throws {
    let edited = line("u0").replacingOccurrences(of: "\"code\":0", with: "\"code\":zero")
    let read = try read(
      Array(repeating: edited, count: 25).joined(separator: "\n") + "\n", chunkBytes: 1 << 20)
    #expect(read.skipped.count == BatchSummary.damageSaid + 1)
    #expect(read.skipped.first?.hasPrefix("S:1: a line of this night that is no user's outcome") == true)
    #expect(read.skipped.last == "S: 5 more lines like these skipped")
  }

  /// The search finds the mark where a plain scan does, around its anchor's false starts.
  @Test func theMarkIsFoundWhereverItIs() {
    let needle = Array("\"night\":\"2026-11-22\"".utf8)
    var generator = SystemRandomNumberGenerator()
    let pieces = ["\"night\":\"2026-11-22\"", "\"night\":\"2026-11-2", "n", "ni", "\"", "x", "\"night\":"]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let haystack = Array(text.utf8)
      let plain =
        haystack.count >= needle.count
        && (0...(haystack.count - needle.count)).contains {
          Array(haystack[$0..<$0 + needle.count]) == needle
        }
      let found = haystack.withUnsafeBytes { bytes in
        needle.withUnsafeBytes { BatchSummary.contains(bytes, $0, anchor: 1) }
      }
      #expect(found == plain, "\(text)")
    }
  }
}
