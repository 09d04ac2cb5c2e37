import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct AtomicFileWriterTests {
  @Test func replacesTheFileAndLeavesNoTemporary() throws {
    let directory = TestScratch.root.appendingPathComponent("spotter-atomic-\(UUID())")
    let path = directory.appendingPathComponent("out.txt").path
    try AtomicFileWriter.write("old", to: path)
    try AtomicFileWriter.write("new\r\n", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\r\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
  }

  @Test func unwritableDirectoryIsAnError() {
    #expect(throws: SpotterIOError.self) {
      try AtomicFileWriter.write("x", to: "/proc/spotter-test/out.txt")
    }
  }
}
