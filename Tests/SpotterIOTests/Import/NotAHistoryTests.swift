import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

#if canImport(Glibc)
  import Glibc
#endif

/// A file that is no history is named in words with what to do, never quoted as bytes.
@Suite struct NotAHistoryTests {
  @Test(arguments: [
    (Data(), "history.csv: an empty file; export it again"),
    (Data("\n \r\n".utf8), "history.csv: a file of blank lines;"),
    (
      Data([0xFF, 0xFE, 0x44, 0x00, 0x61, 0x00]),
      "history.csv: UTF-16 text (as Excel's \"Unicode text\" saves it)"
    ),
    (Data([0x44, 0x00, 0x61, 0x00, 0x74, 0x00]), "history.csv: UTF-16 text"),
    (Data(repeating: 0, count: 64), "history.csv: nothing but zero bytes (never written"),
    (
      Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8),
      "history.csv: an iCalendar file, not a workout history; to import its events as focus blocks, use: spotter focus import history.csv"
    ),
    (
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]),
      "history.csv: binary data, not text;"
    ),
  ])
  func isDescribed(_ bytes: Data, _ message: String) {
    #expect {
      try FixtureLoader.importer().parse(bytes, fileName: "history.csv")
    } throws: { error in
      "\(error)".hasPrefix(message) && (error as? SpotterIOError)?.exitCode == .dataError
        && !"\(error)".contains("\\0")
    }
  }

  /// A file made huge is refused by its first bytes or its size, never read whole: a sparse 10 GB
  /// file of zeros was read into memory twice over (21 GB) before it was refused, and killed the
  /// process where memory was short. Sparse files cost nothing to make, so the test makes them.
  @Test func aHugeFileIsRefusedUnread() throws {
    let folder = TestScratch.root.appendingPathComponent("huge-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func sparse(_ name: String, _ start: String, size: Int) throws -> String {
      let path = folder.appendingPathComponent(name).path
      try Data(start.utf8).write(to: URL(fileURLWithPath: path))
      #expect(truncate(path, off_t(size)) == 0)
      return path
    }
    let zeros = try sparse("zeros.csv", "", size: 10 << 30)
    // Text as far as any check of its start reads, zeros after.
    let lines = String(repeating: "hello;x;y\n", count: 1_000)
    let text = try sparse("text.csv", lines, size: HistoryImporter.largestWholeFile + 1)
    for (path, message) in [
      (zeros, "zeros.csv: nothing but zero bytes"),
      (text, "text.csv: \(HistoryImporter.largestWholeFile + 1) bytes, more than an export read whole"),
    ] {
      #expect {
        _ = try FixtureLoader.importer().readPacked(path: path)
      } throws: { error in
        "\(error)".contains(message) && (error as? SpotterIOError)?.exitCode == .dataError
      }
    }
  }
}
