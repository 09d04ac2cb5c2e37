import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

#if canImport(Glibc)
  import Glibc
#endif

/// Files read whole are bounded: up to the limit a file is read as it is, past it it is refused
/// by its size with nothing read, whatever the file claims.
@Suite struct InputFileTests {
  let folder = TestScratch.root.appendingPathComponent("input-\(UUID())")

  func file(_ bytes: Int) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("f\(bytes)").path
    try Data(repeating: UInt8(ascii: "x"), count: bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aFileIsReadUpToItsLimitAndRefusedPastIt() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    for size in [0, 1, 99, 100] {
      #expect(try InputFile.contents(try file(size), atMost: 100, kind: "a test").count == size)
    }
    let over = try file(101)
    #expect {
      _ = try InputFile.contents(over, atMost: 100, kind: "a test")
    } throws: { error in
      "\(error)" == "\(over): 101 bytes, more than a test can be (at most 100); nothing was read from it"
        && (error as? SpotterIOError)?.exitCode == .dataError
    }
    // `/dev/null`, the shell's empty file, reads as empty.
    #expect(try InputFile.contents("/dev/null", atMost: 100, kind: "a test").isEmpty)
  }
}
