import Foundation
import Testing
import _SpotterTestSupport

/// A store on a file system mounted read-only (a backup, a snapshot) reads as it did before:
/// SQLite could not create the log's index beside it, and every reading command failed.
@Suite struct ReadOnlyMediaEndToEndTests {
  @Test(.enabled(if: FullDiskEndToEndTests.canMount, "needs root to mount a tmpfs"))
  func aStoreOnReadOnlyMediaIsRead() async throws {
    let sandbox = try Sandbox()
    try await FullDiskEndToEndTests.withDisk(in: sandbox.dir) { disk in
      // A folder whose name SQLite would read as a query or a fragment were it not escaped.
      let db = disk + "/st?re #1%/db.sqlite"
      let night = try await SpotterBinary.run([
        "run", "--history", SpotterBinary.example("strong.csv"), "--config", sandbox.config, "--db", db,
        "--now",
        "2026-11-15T21:30:00+01:00", "--out", disk + "/out",
      ])
      try #require(night.status == 0)
      let later = "2026-11-16T21:30:00+01:00"
      let reads = [["plan", "--days", "7"], ["pattern"], ["history"], ["plan", "--json"]]
      var before: [String] = []
      for read in reads {
        before.append(
          try await SpotterBinary.run(read + ["--config", sandbox.config, "--db", db, "--now", later]).stdout)
      }
      // As a backup of a cleanly closed store holds it: the reads above left an empty log and its
      // index (a read-only connection cannot remove them), which a copy would not carry.
      let log = try FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? NSNumber
      try #require(log?.intValue == 0)
      try FileManager.default.removeItem(atPath: db + "-wal")
      try FileManager.default.removeItem(atPath: db + "-shm")
      try #require(FullDiskEndToEndTests.shell("mount -o remount,ro '\(disk)'") == 0)
      defer { FullDiskEndToEndTests.shell("mount -o remount,rw '\(disk)'") }
      for (index, read) in reads.enumerated() {
        let result = try await SpotterBinary.run(
          read + ["--config", sandbox.config, "--db", db, "--now", later])
        #expect(result.status == 0, "\(read): \(result.stderr)")
        #expect(result.stdout == before[index], "\(read)")
      }
      let run = try await SpotterBinary.run([
        "run", "--config", sandbox.config, "--db", db, "--now", later, "--out", sandbox.out,
      ])
      #expect(run.status == 74)
      #expect(run.stderr.contains("Read-only file system"), "\(run.stderr)")
    }
  }
}
