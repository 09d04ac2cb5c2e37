import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The second thread that reads chunks ahead hands them over in the file's order, exactly as the
/// reader gives them, and ends cleanly however early the import stops.
@Suite struct CSVChunkPrefetcherTests {
  /// A file of `rows` records, one with a quoted line break every tenth row.
  static func file(rows: Int) throws -> String {
    let path = TestScratch.root.appendingPathComponent("prefetch-\(UUID()).csv").path
    var text = "Date,Note\n"
    for row in 0..<rows { text += row % 10 == 0 ? "\(row),\"two\nlines\"\n" : "\(row),plain\n" }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// Each chunk's records as field texts with the line they start on.
  static func records(_ tables: [CSVTable]) -> [[String]] {
    tables.flatMap { table in table.records.map { ["\($0.line)"] + table.fields(of: $0) } }
  }

  @Test(arguments: [7, 64, 4096]) func chunksComeInTheFilesOrder(chunkSize: Int) throws {
    let path = try Self.file(rows: 500)
    var direct = try CSVChunkReader(path: path, chunkSize: chunkSize)
    var expected: [CSVTable] = []
    while let table = try direct.next() { expected.append(table) }
    direct.close()
    let prefetcher = CSVChunkPrefetcher(try CSVChunkReader(path: path, chunkSize: chunkSize))
    var read: [CSVTable] = []
    while let table = try prefetcher.next() { read.append(table) }
    // The end stays the end.
    #expect(try prefetcher.next() == nil)
    prefetcher.stop()
    #expect(read.count == expected.count)
    #expect(Self.records(read) == Self.records(expected))
    #expect(Self.records(read).count == 501)
  }

  /// An import that fails on its first chunk stops the reading thread while it is still ahead;
  /// stopping twice, or leaving it to deinit, is safe.
  @Test func stoppingEarlyEndsTheReadingThread() throws {
    let path = try Self.file(rows: 5000)
    for _ in 0..<20 {
      let prefetcher = CSVChunkPrefetcher(try CSVChunkReader(path: path, chunkSize: 16))
      _ = try prefetcher.next()
      prefetcher.stop()
      prefetcher.stop()
    }
    for _ in 0..<20 {
      let prefetcher = CSVChunkPrefetcher(try CSVChunkReader(path: path, chunkSize: 16))
      _ = try prefetcher.next()
    }
  }
}
