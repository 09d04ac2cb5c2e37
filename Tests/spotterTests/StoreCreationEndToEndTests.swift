import Foundation
import Testing
import _SpotterTestSupport

/// A first command that cannot finish creating the store (a full disk, a file-size limit, a
/// kill) leaves nothing under the store's name, so the next night creates it afresh; it used to
/// leave a file of 0 bytes that every later command refused as "store damaged".
@Suite struct StoreCreationEndToEndTests {
  static let now = "2026-11-15T21:30:00+01:00"

  func run(_ sandbox: Sandbox) async throws -> SpotterBinary.Result {
    try await sandbox.spotter(
      ["run", "--history", SpotterBinary.example("strong.csv")], now: Self.now, writes: true)
  }

  /// Under a file-size limit of one 512-byte block with SIGXFSZ ignored, every write past it
  /// fails with EFBIG, as writes on a full disk fail with ENOSPC: the lock file's few bytes fit,
  /// the store's first page does not.
  @Test func aFirstRunThatCannotWriteTheStoreLeavesNoEmptyStoreBehind() async throws {
    let sandbox = try Sandbox()
    let limited = try await SpotterBinary.run(
      program: URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "trap '' XFSZ; ulimit -f 1; exec \"$@\"", "sh", SpotterBinary.executable.path, "run",
        "--history",
        SpotterBinary.example("strong.csv"), "--config", sandbox.config, "--db", sandbox.db, "--now",
        Self.now,
        "--out", sandbox.out,
      ], environment: SpotterBinary.environment())
    #expect(limited.status == 74, "\(limited.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    let next = try await run(sandbox)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("33 new"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.dir.path).filter {
      $0.contains("creating")
    }
    #expect(leftovers.isEmpty)
  }

  /// Killed while the new store is being built: what is left has the temporary name, which the
  /// next run removes before it builds the store again.
  @Test func aFirstRunKilledWhileCreatingTheStoreIsFinishedByTheNext() async throws {
    let sandbox = try Sandbox()
    let killed = try await sandbox.spotter(
      ["run", "--history", SpotterBinary.example("strong.csv")], now: Self.now, writes: true,
      environment: ["SPOTTER_CRASH_AT": "store-creating"])
    #expect(killed.status != 0)
    #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    #expect(FileManager.default.fileExists(atPath: sandbox.db + ".creating"))
    let next = try await run(sandbox)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout.contains("33 new"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.db + ".creating"))
    #expect(try await SpotterBinary.sqlite(sandbox.db, "PRAGMA integrity_check") == "ok\n")
  }
}
