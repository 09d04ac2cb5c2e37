import Foundation
import Testing
import _SpotterTestSupport

/// A full disk, on a small tmpfs of its own: the store's error says what to do. Mounting needs
/// root (or a container that allows it); elsewhere the test is skipped, saying so.
@Suite struct FullDiskEndToEndTests {
  /// Whether a tmpfs can be mounted here, found by mounting one.
  static let canMount: Bool = {
    guard getuid() == 0, let dir = try? SpotterBinary.scratch() else { return false }
    defer { try? FileManager.default.removeItem(at: dir) }
    guard mount(dir.path) else { return false }
    unmount(dir.path)
    return true
  }()

  @discardableResult
  static func mount(_ path: String) -> Bool {
    shell("mount -t tmpfs -o size=2m tmpfs '\(path)'") == 0
  }

  static func unmount(_ path: String) { shell("umount '\(path)'") }

  @discardableResult
  static func shell(_ command: String) -> Int32 {
    (try? SpotterBinary.runBlocking(
      program: URL(fileURLWithPath: "/bin/sh"), ["-c", command],
      environment: ProcessInfo.processInfo.environment
    ).status) ?? -1
  }

  @Test(.enabled(if: canMount, "needs root to mount a tmpfs of 2 MB"))
  func aFullDiskIsSaidAndTheNextRunFinishes() async throws {
    let sandbox = try Sandbox()
    let disk = sandbox.dir.appendingPathComponent("disk").path
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    try #require(Self.mount(disk))
    defer { Self.unmount(disk) }
    // Every block taken: dd stops at the first write that no longer fits.
    Self.shell("dd if=/dev/zero of='\(disk)/filler' bs=4096 2>/dev/null")
    let arguments = [
      "run", "--history", SpotterBinary.example("strong.csv"), "--config", sandbox.config, "--db",
      disk + "/db.sqlite",
      "--now", StoreCreationEndToEndTests.now, "--out", disk + "/out",
    ]
    let full = try await SpotterBinary.run(arguments)
    #expect(full.status == 74)
    #expect(
      full.stderr.contains("the disk holding it is full ("),
      "\(full.stderr)")
    #expect(!FileManager.default.fileExists(atPath: disk + "/db.sqlite"))
    try FileManager.default.removeItem(atPath: disk + "/filler")
    let next = try await SpotterBinary.run(arguments)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("33 new"))
  }
}
