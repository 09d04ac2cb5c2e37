import Foundation
import Testing

@testable import SpotterApp

/// Where the agenda's `spotter fire` lines find the binary.
@Suite struct ExecutablePathTests {
  /// The kernel's answer is the one Foundation's bundle walk gave, links resolved.
  @Test func itIsTheRunningBinaryWithLinksResolved() throws {
    let walked = try #require(Bundle.main.executablePath)
    #expect(ExecutablePath.current() == URL(fileURLWithPath: walked).resolvingSymlinksInPath().path)
  }

  #if os(Linux)
    /// A binary an upgrade replaced while it ran: cron must run the new one at the same path.
    @Test func aReplacedBinaryIsNamedByItsPath() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let link = folder.appendingPathComponent("exe").path
      try FileManager.default.createSymbolicLink(
        atPath: link, withDestinationPath: "/usr/local/bin/spotter (deleted)")
      #expect(ExecutablePath.current(procSelf: link) == "/usr/local/bin/spotter")
    }

    /// Without `/proc`, Foundation's way still answers.
    @Test func withoutProcFoundationAnswers() {
      #expect(ExecutablePath.current(procSelf: "/nonexistent/exe") == ExecutablePath.current())
    }
  #endif
}
