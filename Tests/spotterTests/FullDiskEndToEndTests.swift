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

  /// Runs `body` with a fresh 2 MB tmpfs mounted at `dir/disk`, unmounted after.
  static func withDisk<T>(in dir: URL, _ body: (String) async throws -> T) async throws -> T {
    let disk = dir.appendingPathComponent("disk").path
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    try #require(mount(disk))
    defer { unmount(disk) }
    return try await body(disk)
  }

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
    try await Self.withDisk(in: sandbox.dir) { disk in
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

  /// Leaves `kilobytes` free on the tmpfs at `disk`, in a file `filler`.
  static func fill(_ disk: String, leaving kilobytes: Int) throws {
    var status = statvfs()
    try #require(statvfs(disk, &status) == 0)
    let available = Int(status.f_bavail) * Int(status.f_frsize)
    let size = max(0, available - kilobytes * 1024)
    TestScratch.createFile(disk + "/filler")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: disk + "/filler"))
    defer { try? handle.close() }
    try? handle.write(contentsOf: Data(count: size))
  }

  /// The disk fills at every 16 KB of a first night (the store being created) and of a second
  /// night that imports more: each failure is 74 and names the file it could not write, leaves
  /// no store or a sound one and the outputs as they were, and the run after space comes back
  /// finishes. A store whose schema was left in
  /// a temporary's log used to come out of the first night malformed.
  @Test(.enabled(if: canMount, "needs root to mount a tmpfs of 2 MB"))
  func theDiskFillingAtAnyPointOfANightCostsNothing() async throws {
    let sandbox = try Sandbox()
    try await Self.withDisk(in: sandbox.dir) { disk in
      func night(_ history: String, _ now: String) async throws -> SpotterBinary.Result {
        try await SpotterBinary.run([
          "run", "--history", SpotterBinary.example(history), "--config", sandbox.config, "--db",
          disk + "/db.sqlite",
          "--now", now, "--out", disk + "/out",
        ])
      }
      func clear() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: disk) {
          try FileManager.default.removeItem(atPath: disk + "/" + name)
        }
      }
      func outputs() -> [Data?] {
        ["spotter.ics", "agenda.crontab"].map { FileManager.default.contents(atPath: disk + "/out/" + $0) }
      }
      let first = StoreCreationEndToEndTests.now
      let second = "2026-11-16T21:30:00+01:00"
      for kilobytes in stride(from: 0, through: 320, by: 16) {
        try clear()
        try Self.fill(disk, leaving: kilobytes)
        let failed = try await night("strong.csv", first)
        try FileManager.default.removeItem(atPath: disk + "/filler")
        if failed.status != 0 {
          #expect(failed.status == 74, "first night, \(kilobytes) KB: \(failed.stderr)")
          if FileManager.default.fileExists(atPath: disk + "/db.sqlite") {
            #expect(try await SpotterBinary.sqlite(disk + "/db.sqlite", "PRAGMA integrity_check") == "ok\n")
          }
        }
        let again = try await night("strong.csv", first)
        #expect(again.status == 0, "first night again, \(kilobytes) KB: \(again.stderr)")

        let before = outputs()
        try Self.fill(disk, leaving: kilobytes)
        let full = try await night("hevy.csv", second)
        try FileManager.default.removeItem(atPath: disk + "/filler")
        if full.status != 0 {
          #expect(full.status == 74, "second night, \(kilobytes) KB: \(full.stderr)")
          #expect(outputs() == before, "second night, \(kilobytes) KB: the outputs changed")
          // The file that could not be written, never the temporary standing for it.
          #expect(!full.stderr.contains(".tmp-"), "\(full.stderr)")
          #expect(try await SpotterBinary.sqlite(disk + "/db.sqlite", "PRAGMA integrity_check") == "ok\n")
        }
        let next = try await night("hevy.csv", second)
        #expect(next.status == 0, "second night again, \(kilobytes) KB: \(next.stderr)")
      }
    }
  }

  /// The output folder on a full disk, the store on another: the error names the output that
  /// could not be written, the store keeps no revision of what was not published, and the next
  /// run once space is back publishes it.
  @Test(.enabled(if: canMount, "needs root to mount a tmpfs of 2 MB"))
  func outputsOnAFullDiskAreNamedAndNothingIsCommitted() async throws {
    let sandbox = try Sandbox()
    try await Self.withDisk(in: sandbox.dir) { disk in
      func night(_ history: String, _ now: String) async throws -> SpotterBinary.Result {
        try await SpotterBinary.run([
          "run", "--history", SpotterBinary.example(history), "--config", sandbox.config, "--db", sandbox.db,
          "--now", now, "--out", disk + "/out",
        ])
      }
      let second = "2026-11-16T21:30:00+01:00"
      #expect(try await night("strong.csv", StoreCreationEndToEndTests.now).status == 0)
      let before = try FileManager.default.contentsOfDirectory(atPath: disk + "/out").sorted().map {
        FileManager.default.contents(atPath: disk + "/out/" + $0)
      }
      let revisions =
        "SELECT group_concat(uid || ':' || sequence, ' ') FROM (SELECT * FROM reminder ORDER BY uid)"
      let stored = try await SpotterBinary.sqlite(sandbox.db, revisions)
      try Self.fill(disk, leaving: 0)
      let full = try await night("hevy.csv", second)
      #expect(full.status == 74)
      #expect(
        full.stderr.contains("/out/") && full.stderr.contains("No space left on device"), "\(full.stderr)")
      #expect(!full.stderr.contains(".tmp-"), "\(full.stderr)")
      let after = try FileManager.default.contentsOfDirectory(atPath: disk + "/out").sorted().map {
        FileManager.default.contents(atPath: disk + "/out/" + $0)
      }
      #expect(after == before)
      try FileManager.default.removeItem(atPath: disk + "/filler")
      #expect(try await SpotterBinary.sqlite(sandbox.db, revisions) == stored)
      let next = try await night("hevy.csv", second)
      #expect(next.status == 0, "\(next.stderr)")
    }
  }

  /// A batch whose summary sits on a full disk runs every user and says the summary lost its
  /// lines, with 74, so the engine knows a requeue would run them again.
  @Test(.enabled(if: canMount, "needs root to mount a tmpfs of 2 MB"))
  func aBatchSummaryOnAFullDiskIsReported() async throws {
    let dir = try SpotterBinary.scratch()
    try await Self.withDisk(in: dir) { disk in
      let (manifest, _) = try BatchEndToEndTests.manifest(in: dir, users: 3) { _ in
        SpotterBinary.example("strong.csv")
      }
      let summary = disk + "/summary.jsonl"
      TestScratch.createFile(summary)
      try Self.fill(disk, leaving: 0)
      let batch = try await SpotterBinary.run([
        "batch", "--users", manifest, "--now", "2026-11-22T20:30:00Z", "--summary", summary, "--json",
      ])
      #expect(batch.status == 74, "\(batch.stderr)")
      #expect(batch.stdout.contains("\"ok\" : 3"))
      #expect(
        batch.stdout.contains("\"summary_error\" : \"\(summary): cannot append (No space left on device)"))
      for index in 0..<3 {
        #expect(FileManager.default.fileExists(atPath: dir.path + "/u\(index)/out/spotter.ics"))
      }
    }
  }
}
