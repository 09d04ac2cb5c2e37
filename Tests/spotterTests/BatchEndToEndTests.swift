import Foundation
import Testing
import _SpotterTestSupport

/// `spotter batch` through the binary: every user's outputs are byte for byte those of
/// `spotter run` for that user at the same instant, and a shard's exit code tells the engine
/// what to do.
@Suite struct BatchEndToEndTests {
  static let zones = [
    "Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Sydney", "America/Sao_Paulo",
    "Asia/Kolkata", "Pacific/Chatham",
  ]

  /// Writes a manifest of `users` users u0, u1, … under `dir`, each with a home of its own, a
  /// config in the next of `zones` with a Monday program day, and the history `history(index)`;
  /// returns its path and its lines.
  static func manifest(in dir: URL, users: Int, history: (Int) -> String) throws -> (
    path: String, lines: [String]
  ) {
    var lines: [String] = []
    for index in 0..<users {
      let home = dir.appendingPathComponent("u\(index)").path
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      try "timezone = \"\(zones[index % zones.count])\"\n[program]\nmon = \"Push Day\"\n".write(
        toFile: home + "/config.toml", atomically: false, encoding: .utf8)
      lines.append(
        "{\"id\":\"u\(index)\",\"db\":\"\(home)/db.sqlite\",\"config\":\"\(home)/config.toml\","
          + "\"out\":\"\(home)/out\",\"state\":\"\(home)/state\",\"history\":[\"\(history(index))\"]}")
    }
    let path = dir.appendingPathComponent("users.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return (path, lines)
  }

  /// A manifest of `users` users (`manifest(in:users:history:)`, each on the example Strong
  /// export) in a new folder `dir`, and the arguments of a batch over it at `jobs` users in flight that
  /// keeps its summary beside it.
  static func summarisedBatch(users: Int, jobs: Int) throws -> (
    dir: URL, lines: [String], summary: String, arguments: [String]
  ) {
    let dir = try SpotterBinary.scratch()
    let (manifest, lines) = try manifest(in: dir, users: users) { _ in SpotterBinary.example("strong.csv") }
    let summary = dir.appendingPathComponent("summary.jsonl").path
    let arguments = [
      "batch", "--users", manifest, "--jobs", "\(jobs)", "--now", "2026-11-22T20:30:00Z", "--summary",
      summary,
    ]
    return (dir, lines, summary, arguments)
  }

  /// The lines of the summary at `path`, decoded.
  static func rows(ofSummary path: String) throws -> [[String: Any]] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// Many users starting at once on many threads, each a first night in one of eight zones:
  /// libical filled its list of zones while another thread already searched it, and about one
  /// batch in thirty crashed (SIGSEGV in `strcmp`). Several batches, every store new each time.
  @Test func usersStartingAtOnceOnManyThreadsNeverCrash() async throws {
    for round in 0..<6 {
      let dir = try SpotterBinary.scratch()
      let (manifest, _) = try Self.manifest(in: dir, users: 24) {
        SpotterBinary.example($0 % 2 == 0 ? "strong.csv" : "hevy.csv")
      }
      let batch = try await SpotterBinary.run([
        "batch", "--users", manifest, "--jobs", "12", "--now", "2026-11-22T20:30:00Z",
      ])
      #expect(batch.status == 0, "round \(round): \(batch.stderr.suffix(2000))")
    }
  }

  /// Two batches of one shard at once, as a requeued Slurm task beside the one still running,
  /// on new stores: each user's night runs under its store's locks in one of them at a time, and
  /// no user fails. One process's look at a store the other was creating held SQLite's lock for
  /// a moment, and the user failed as "database is locked" (74) in about one user in twenty.
  @Test func overlappingBatchesOfOneShardFailNoUser() async throws {
    for round in 0..<3 {
      let dir = try SpotterBinary.scratch()
      let (manifest, _) = try Self.manifest(in: dir, users: 40) { _ in SpotterBinary.example("strong.csv") }
      let arguments = [
        "batch", "--users", manifest, "--jobs", "1", "--now", "2026-11-22T20:30:00Z", "--json",
      ]
      async let first = SpotterBinary.run(arguments)
      async let second = SpotterBinary.run(arguments)
      var busyInBoth = Set((0..<40).map { "u\($0)" })
      for batch in try await [first, second] {
        let report = try JSONSerialization.jsonObject(with: Data(batch.stdout.utf8)) as? [String: Any]
        let failed = report?["failed"] as? [[String: Any]]
        #expect(failed?.isEmpty == true, "round \(round): \(failed ?? []) \(batch.stderr.suffix(500))")
        #expect([0, 75].contains(batch.status), "round \(round): \(batch.status)")
        busyInBoth.formIntersection(report?["busy"] as? [String] ?? [])
      }
      #expect(busyInBoth.isEmpty, "round \(round): busy in both: \(busyInBoth.sorted())")
    }
  }

  /// Two batches of one shard with one summary at once: the second stops before any user (75)
  /// or, if the first has ended, skips what it did; every user is in the summary exactly once.
  @Test func aSecondBatchOfARunningShardLeavesEachUserOnceInItsSummary() async throws {
    let (_, _, summary, arguments) = try Self.summarisedBatch(users: 40, jobs: 1)
    async let first = SpotterBinary.run(arguments)
    async let second = SpotterBinary.run(arguments)
    let statuses = try await [first, second].map(\.status)
    #expect(statuses.allSatisfy { [0, 75].contains($0) } && statuses.contains(0), "\(statuses)")
    let rows = try Self.rows(ofSummary: summary)
    let ids = rows.compactMap { $0["id"] as? String }
    #expect(ids.count == 40 && Set(ids).count == 40, "\(ids.sorted())")
    #expect(rows.allSatisfy { $0["code"] as? Int == 0 }, "\(rows.filter { $0["code"] as? Int != 0 })")
  }

  /// With an instant, and with a time without an offset, which `run` reads in the user's zone and
  /// so does each user's night in a batch.
  @Test(arguments: ["2026-11-22T20:30:00Z", "2026-11-22T21:30"])
  func everyUsersOutputsAreThoseOfSpotterRun(now: String) async throws {
    let dir = try SpotterBinary.scratch()
    let histories = [SpotterBinary.example("strong.csv"), SpotterBinary.example("hevy.csv")]
    let (manifest, _) = try Self.manifest(in: dir, users: 40) { histories[$0 % 2] }
    let batch = try await SpotterBinary.run([
      "batch", "--users", manifest, "--jobs", "2", "--now", now, "--json",
    ])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(
      batch.stdout.contains("\"ok\" : 40") && batch.stdout.contains("\"shard\" : \"0/1\""), "\(batch.stdout)")
    var fromBatch: [String: Data] = [:]
    for index in 0..<40 {
      let home = dir.appendingPathComponent("u\(index)").path
      for name in ["spotter.ics", "agenda.crontab"] {
        fromBatch["\(index)/\(name)"] = FileManager.default.contents(atPath: "\(home)/out/\(name)")
      }
      for name in ["db.sqlite", "db.sqlite-wal", "db.sqlite-shm", "out", "state"] {
        try? FileManager.default.removeItem(atPath: "\(home)/\(name)")
      }
    }
    for index in 0..<40 {
      let home = dir.appendingPathComponent("u\(index)").path
      let run = try await SpotterBinary.run(
        [
          "run", "--config", "\(home)/config.toml", "--db", "\(home)/db.sqlite", "--out", "\(home)/out",
          "--history", histories[index % 2], "--now", now,
        ], environment: ["XDG_STATE_HOME": "\(home)/state", "LANG": "C", "TZ": "UTC"])
      #expect(run.status == 0, "\(run.stderr)")
      for name in ["spotter.ics", "agenda.crontab"] {
        #expect(
          FileManager.default.contents(atPath: "\(home)/out/\(name)") == fromBatch["\(index)/\(name)"],
          "u\(index) \(name) differs")
      }
    }
    // A shard that cannot run says so with its own code; a missing manifest is 66.
    let missing = try await SpotterBinary.run(["batch", "--users", dir.path + "/none.jsonl"])
    #expect(missing.status == 66, "\(missing.stderr)")
    let badShard = try await SpotterBinary.run(["batch", "--users", manifest, "--shard", "2/2"])
    #expect(badShard.status == 64, "\(badShard.stderr)")
  }

  /// An unchanged night writes no output: neither the files nor their mtimes change, for a
  /// batch as for `spotter run`.
  @Test func anUnchangedNightWritesNothing() async throws {
    let box = try Sandbox()
    let history = SpotterBinary.example("strong.csv")
    #expect(
      try await box.spotter(["run", "--history", history], now: "2026-11-22T21:30:00+01:00", writes: true)
        .status == 0)
    let old = Date(timeIntervalSince1970: 1_577_836_800)
    for name in ["spotter.ics", "agenda.crontab"] {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: box.out + "/" + name)
    }
    let again = try await box.spotter(
      ["run", "--history", history], now: "2026-11-22T21:31:00+01:00", writes: true)
    #expect(again.status == 0, "\(again.stderr)")
    for name in ["spotter.ics", "agenda.crontab"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: box.out + "/" + name)
      #expect(attributes[.modificationDate] as? Date == old, "\(name) was rewritten")
    }
    #expect(!FileManager.default.fileExists(atPath: box.out + "/.spotter-outputs.journal"))
    let left = try FileManager.default.contentsOfDirectory(atPath: box.out).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "\(left)")
  }

  /// A FIFO named as the summary, or as a user's store, stops nothing for ever: the shard is
  /// refused at once (64) for the summary, and the user fails alone (74) for the store. The batch
  /// used to block at its first append, and every command at a FIFO store.
  @Test func aFIFOSummaryOrStoreIsRefusedWithoutWaiting() async throws {
    let dir = try SpotterBinary.scratch()
    let (manifest, lines) = try Self.manifest(in: dir, users: 2) { _ in SpotterBinary.example("strong.csv") }
    let fifo = dir.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o644) == 0)
    let now = "2026-11-22T20:30:00Z"
    let summary = try await SpotterBinary.run(["batch", "--users", manifest, "--summary", fifo, "--now", now])
    #expect(!summary.timedOut && summary.status == 64, "\(summary.stderr)")
    #expect(summary.stderr.contains("option '--summary': is not a regular file"), "\(summary.stderr)")
    let store = lines[1].replacingOccurrences(of: dir.path + "/u1/db.sqlite", with: fifo)
    try (lines[0] + "\n" + store + "\n").write(toFile: manifest, atomically: false, encoding: .utf8)
    let batch = try await SpotterBinary.run(["batch", "--users", manifest, "--now", now, "--json"])
    #expect(!batch.timedOut && batch.status == 0, "\(batch.stderr)")
    #expect(batch.stdout.contains("\"ok\" : 1"), "\(batch.stdout)")
    #expect(batch.stdout.contains("fifo is a FIFO (named pipe), not a file"), "\(batch.stdout)")
    #expect(batch.stdout.contains("\"code\" : 74"), "\(batch.stdout)")
  }

  /// A torn manifest line, as a host rewriting the file in place leaves one: the process names
  /// it on stderr with its line, lists it in `--json`, runs everyone else, and exits 78.
  @Test func aTornManifestLineIsNamedAndTheOthersRun() async throws {
    let dir = try SpotterBinary.scratch()
    let (manifest, lines) = try Self.manifest(in: dir, users: 3) { _ in SpotterBinary.example("strong.csv") }
    try (lines[0] + "\n" + lines[1].prefix(30) + "\n" + lines[2] + "\n").write(
      toFile: manifest, atomically: false, encoding: .utf8)
    let batch = try await SpotterBinary.run([
      "batch", "--users", manifest, "--now", "2026-11-22T20:30:00Z", "--json",
    ])
    #expect(batch.status == 78, "\(batch.stderr)")
    #expect(batch.stderr.hasPrefix("spotter: error: \(manifest):2: key 'user': expected"), "\(batch.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(batch.stdout.utf8)) as? [String: Any])
    #expect(report["ok"] as? Int == 2 && (report["refused"] as? [String])?.count == 1, "\(batch.stdout)")
    for user in ["u0", "u2"] {
      #expect(FileManager.default.fileExists(atPath: dir.path + "/\(user)/out/spotter.ics"), "\(user)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/u1/out"))
  }

  /// Many users of one live source that stopped answering: after three users in a row found it
  /// unreachable, the rest of the batch does not try it, and each of their nights goes on from
  /// the store with the sync reported failed. Each user's sync could take two minutes against a
  /// server that hangs, so a batch of thousands took all night and longer.
  @Test func aLiveSourceThatStoppedAnsweringIsNotTriedByEveryUser() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    try server.set(fail: ["status": 503, "times": -1, "body": "Service Unavailable"])
    let dir = try SpotterBinary.scratch()
    let (manifest, _) = try Self.manifest(in: dir, users: 6) { _ in SpotterBinary.example("strong.csv") }
    for index in 0..<6 {
      let config = dir.path + "/u\(index)/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      try (text + "[hevy]\nurl = \"\(server.url)\"\napi_key = \"\(HevyServer.key)\"\n").write(
        toFile: config, atomically: false, encoding: .utf8)
    }
    let batch = try await SpotterBinary.run([
      "batch", "--users", manifest, "--jobs", "1", "--now", "2026-11-22T20:30:00Z", "--json",
    ])
    #expect(!batch.timedOut, "\(batch.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(batch.stdout.utf8)) as? [String: Any])
    let failed = try #require(report["failed"] as? [[String: Any]])
    let errors = failed.compactMap { $0["error"] as? String }
    #expect(failed.count == 6 && failed.allSatisfy { $0["code"] as? Int == 69 }, "\(batch.stdout)")
    #expect(errors.filter { $0.contains("HTTP 503") }.count == 3, "\(errors)")
    #expect(
      errors.filter { $0.contains("not tried: it could not be reached by the last 3 users") }.count == 3)
    // Their nights went on from the store: every user's calendar was written.
    for index in 0..<6 {
      #expect(FileManager.default.fileExists(atPath: dir.path + "/u\(index)/out/spotter.ics"), "u\(index)")
    }
    #expect(!batch.stdout.contains(HevyServer.key) && !batch.stderr.contains(HevyServer.key))
  }

  /// kill -9 at arbitrary moments of a batch, then the same shard again: every user is in the
  /// summary exactly once, ok, and every store passes SQLite's integrity check.
  @Test func aKilledBatchResumedFinishesEveryUserOnce() async throws {
    let (dir, lines, summary, arguments) = try Self.summarisedBatch(users: 30, jobs: 2)
    // Timed once, to spread the kills over its run.
    let probe = try SpotterBinary.scratch().appendingPathComponent("probe.jsonl").path
    try (lines.prefix(5).joined(separator: "\n") + "\n").write(
      toFile: probe, atomically: false, encoding: .utf8)
    let started = Date()
    _ = try await SpotterBinary.run(["batch", "--users", probe, "--now", "2026-11-22T20:30:00Z"])
    let perUser = Date().timeIntervalSince(started) / 5
    for attempt in 1...4 {
      try await SpotterBinary.killedRun(arguments, after: perUser * 30 / 2 * Double(attempt) / 5)
    }
    let finished = try await SpotterBinary.run(arguments)
    #expect(finished.status == 0, "\(finished.stderr)")
    let rows = try Self.rows(ofSummary: summary)
    let ids = rows.compactMap { $0["id"] as? String }
    #expect(ids.count == 30 && Set(ids).count == 30, "\(ids.sorted())")
    #expect(rows.allSatisfy { $0["code"] as? Int == 0 }, "\(rows)")
    for index in 0..<30 {
      let db = dir.appendingPathComponent("u\(index)/db.sqlite").path
      let check = try await SpotterBinary.sqlite(db, "PRAGMA integrity_check")
      #expect(check == "ok\n", "u\(index): \(check)")
    }
  }
}
