import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterApp

/// Where the agenda's `spotter fire` lines find the binary.
@Suite struct ExecutablePathTests {
  /// The running binary as the kernel names it.
  static let binary = ExecutablePath.resolved(procSelf: "/proc/self/exe")!

  /// A folder of this test's own, with `bin/spotter` a link to the running binary.
  static func folderWithLink() throws -> (folder: String, link: String) {
    let folder = TestScratch.root.appendingPathComponent("exe-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
    let link = folder + "/bin/spotter"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: binary)
    return (folder, link)
  }

  /// The kernel's answer is the one Foundation's bundle walk gave, links resolved.
  @Test func itIsTheRunningBinaryWithLinksResolved() throws {
    let walked = try #require(Bundle.main.executablePath)
    #expect(
      ExecutablePath.current(invokedAs: nil) == URL(fileURLWithPath: walked).resolvingSymlinksInPath().path)
  }

  /// Run through a link (a package manager's stable name for a versioned file), the link is what
  /// cron must run: the file behind it goes away with the next upgrade.
  @Test func theLinkItWasRunByIsKept() throws {
    let (folder, link) = try Self.folderWithLink()
    #expect(ExecutablePath.current(invokedAs: link) == link)
    // Relative to the working folder, standardised, its link still kept.
    #expect(ExecutablePath.current(invokedAs: "bin/../bin/spotter", workingDirectory: folder) == link)
    // Found along PATH as a shell finds it: relative entries and folders without it passed over.
    #expect(
      ExecutablePath.current(invokedAs: "spotter", searchPath: "bin::/nonexistent:\(folder)/bin") == link)
  }

  /// A first argument that leads elsewhere (another binary of the same name earlier on PATH, a
  /// name made up by the caller, a link to another file) names the running binary instead.
  @Test func aPathToAnotherFileIsNotTrusted() throws {
    let (folder, link) = try Self.folderWithLink()
    let other = folder + "/other/spotter"
    try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: other, contents: Data("#!/bin/sh\n".utf8)))
    #expect(chmod(other, 0o755) == 0)
    #expect(ExecutablePath.current(invokedAs: other) == Self.binary)
    #expect(
      ExecutablePath.current(invokedAs: "spotter", searchPath: "\(folder)/other:\(folder)/bin") == Self.binary
    )
    #expect(ExecutablePath.current(invokedAs: "no-such-spotter", searchPath: "\(folder)/bin") == Self.binary)
    #expect(ExecutablePath.current(invokedAs: folder + "/missing/spotter") == Self.binary)
    #expect(ExecutablePath.current(invokedAs: "") == Self.binary)
    let elsewhere = folder + "/bin/sh"
    try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: "/bin/sh")
    #expect(ExecutablePath.current(invokedAs: elsewhere) == Self.binary)
    #expect(ExecutablePath.current(invokedAs: link) == link)
    // A link whose path no crontab line can hold: the binary's own path can be.
    try FileManager.default.createDirectory(atPath: folder + "/my\nbin", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/my\nbin/spotter", withDestinationPath: Self.binary)
    #expect(ExecutablePath.current(invokedAs: folder + "/my\nbin/spotter") == Self.binary)
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
      #expect(ExecutablePath.current(procSelf: link, invokedAs: nil) == "/usr/local/bin/spotter")
    }

    /// Without `/proc`, Foundation's way still answers.
    @Test func withoutProcFoundationAnswers() {
      #expect(
        ExecutablePath.current(procSelf: "/nonexistent/exe", invokedAs: nil)
          == ExecutablePath.current(invokedAs: nil))
    }
  #endif
}
