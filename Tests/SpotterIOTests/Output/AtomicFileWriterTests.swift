import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

@Suite struct AtomicFileWriterTests {
  /// A path is cut into its folder and name as `URL(fileURLWithPath:)` cuts it, whatever it holds.
  @Test(arguments: [
    "/tmp/out/spotter.ics", "/spotter.ics", "/a/b/c/agenda.crontab", "/a//b", "/a/./b", "/a/../b", "/a/b/",
    "/a/b/.", "/a/b/..", "/", "//", "relative.ics", "out/spotter.ics", "./x", "../x", "/a b/c d.ics",
    "/ü/ß.ics", "/a/.hidden", "/a/b.tmp-12", "",
  ])
  func aPathIsSplitAsURLSplitsIt(_ path: String) {
    let url = URL(fileURLWithPath: path)
    let split = AtomicFileWriter.split(path)
    #expect(split.directory == url.deletingLastPathComponent().path, "\(path)")
    #expect(split.name == url.lastPathComponent, "\(path)")
  }

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
