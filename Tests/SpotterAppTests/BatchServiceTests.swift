import Foundation
import SpotterCore
import SpotterIO
import Testing
import _SpotterTestSupport

@testable import SpotterApp

#if canImport(Glibc)
  import Glibc
#endif

/// `spotter batch` in process: shards, isolation of failures, a busy store, the summary and its
/// resume.
@Suite struct BatchServiceTests {
  static let zones = [
    "Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", "Australia/Sydney", "Asia/Kolkata",
  ]
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/strong.csv").path

  /// A manifest of `count` users in six zones, each with their own folders, in a new directory.
  func manifest(_ count: Int) throws -> (dir: URL, path: String, users: [BatchUser]) {
    let dir = TestScratch.root.appendingPathComponent(
      "spotter-batch-\(UUID().uuidString)")
    var lines: [String] = []
    var users: [BatchUser] = []
    for index in 0..<count {
      let home = dir.appendingPathComponent("u\(index)")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      try "timezone = \"\(Self.zones[index % Self.zones.count])\"\n[program]\nmon = \"Push Day\"\n".write(
        to: home.appendingPathComponent("config.toml"), atomically: false, encoding: .utf8)
      let user = BatchUser(
        id: "u\(index)", db: home.path + "/db.sqlite", config: home.path + "/config.toml",
        out: home.path + "/out",
        state: home.path + "/state", history: [Self.example])
      users.append(user)
      lines.append(
        "{\"id\":\"\(user.id)\",\"db\":\"\(user.db)\",\"config\":\"\(user.config)\",\"out\":\"\(user.out)\","
          + "\"state\":\"\(user.state)\",\"history\":[\"\(Self.example)\"]}")
    }
    let path = dir.appendingPathComponent("users.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return (dir, path, users)
  }

  func service(_ path: String, shard: BatchShard = BatchShard(index: 0, count: 1), summary: String? = nil)
    -> BatchService
  {
    BatchService(
      manifest: path, shard: shard, jobs: 2, now: "2026-11-22T20:30:00Z", summaryPath: summary,
      localtime: "/usr/share/zoneinfo/Europe/Berlin", executablePath: "/usr/local/bin/spotter")
  }

  /// Writes `lines` as the manifest at `path` and reads it: the first line refused, or nil when
  /// every line is taken.
  func refusal(of lines: [String], at path: String) throws -> SpotterIOError? {
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return try service(path).entries().refused.first
  }

  /// Shards partition the users by id, whatever their lines: every user in exactly one.
  @Test func shardsPartitionTheUsersByIdAndAutoReadsTheEngines() throws {
    let ids = (0..<1000).map { "user-\($0)" }
    var seen: [String: Int] = [:]
    for index in 0..<7 {
      for id in ids where BatchShard(index: index, count: 7).contains(id) { seen[id, default: 0] += 1 }
    }
    #expect(seen.count == 1000 && seen.values.allSatisfy { $0 == 1 })
    #expect(
      try BatchShard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"])
        == BatchShard(index: 1, count: 2))
    #expect(
      try BatchShard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "3"])
        == BatchShard(index: 3, count: 4))
    #expect(throws: SpotterAppError.self) { try BatchShard.parse("4/4", environment: [:]) }
    #expect(throws: SpotterAppError.self) { try BatchShard.parse("auto", environment: [:]) }
    // An engine's variable spelt wrong is named with its value; a pod's index without a count
    // says where the count goes.
    for (environment, words) in [
      (
        ["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"],
        "reads SLURM_ARRAY_TASK_ID from the environment, which is not a whole number: 'x'"
      ),
      (
        // Read as absent, a garbled step took the array for one in ones and gave another shard.
        ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_STEP": "2x"],
        "reads SLURM_ARRAY_TASK_STEP from the environment, which is not a whole number: '2x'"
      ),
      (
        ["JOB_COMPLETION_INDEX": "1", "SPOTTER_SHARDS": "four"],
        "reads SPOTTER_SHARDS from the environment, which is not a whole number: 'four'"
      ),
      (
        ["JOB_COMPLETION_INDEX": "1"],
        "give auto/N (N = the Job's completions) or set SPOTTER_SHARDS, got 'auto'"
      ),
    ] {
      let error = #expect(throws: SpotterAppError.self) {
        try BatchShard.parse("auto", environment: environment)
      }
      #expect(error.map { "\($0)" }?.contains(words) == true, "\(String(describing: error))")
    }
    #expect(
      try BatchShard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "1", "SPOTTER_SHARDS": "3"])
        == BatchShard(index: 1, count: 3))
  }

  /// SQLite's own lock on a user's store, held by another process past the batch's wait, makes
  /// that user busy (retried, then 75), never a failed user with a damaged-sounding 74.
  @Test func aStoreHeldInSQLiteIsBusyNotFailed() throws {
    let (dir, path, users) = try manifest(3)
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(try service(path).run().ok == 3)
    let holder = try PythonPeer(
      """
      import sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], isolation_level=None)
      connection.execute("BEGIN EXCLUSIVE")
      print("held", flush=True)
      sys.stdin.readline()
      connection.execute("ROLLBACK")
      """, arguments: [users[1].db])
    defer { holder.finish() }
    #expect(holder.first == "held")
    // The next night plans a new day, which the held user cannot write.
    let next = BatchService(
      manifest: path, shard: BatchShard(index: 0, count: 1), jobs: 2, now: "2026-11-23T20:30:00Z",
      summaryPath: nil, localtime: "/usr/share/zoneinfo/Europe/Berlin",
      executablePath: "/usr/local/bin/spotter")
    let report = try next.run()
    #expect(report.failed.isEmpty, "\(report.failed)")
    #expect(report.busy == ["u1"])
    #expect(report.ok == 2)
  }

  /// A second batch of a shard while the first still appends to its summary stops at once (75)
  /// before any user, rather than running every user again and summarising each twice; another
  /// shard with the same summary runs beside it.
  @Test func aShardRunningAlreadyHoldsItsSummary() throws {
    let (dir, path, _) = try manifest(6)
    defer { try? FileManager.default.removeItem(at: dir) }
    let summary = dir.appendingPathComponent("summary.jsonl").path
    let first = BatchShard(index: 0, count: 2)
    // The first batch of shard 0/2, in another process: POSIX locks do not stop this one's own.
    let offset = BatchSummary.lockOffset(of: first)
    let holder = try PythonPeer(
      """
      import fcntl, os, sys
      fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
      fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, \(offset))
      print("held", flush=True)
      sys.stdin.readline()
      """, arguments: [summary])
    defer { holder.finish() }
    #expect(holder.first == "held")
    let error = #expect(throws: SpotterAppError.self) {
      try service(path, shard: first, summary: summary).run()
    }
    #expect(error == .shardRunning(summary: summary))
    #expect(error?.exitCode == .temporaryFailure)
    #expect(try String(contentsOfFile: summary, encoding: .utf8).isEmpty)
    let other = try service(path, shard: BatchShard(index: 1, count: 2), summary: summary).run()
    #expect(other.failed.isEmpty && other.busy.isEmpty && other.ok == other.users)
  }

  /// A manifest that is no file is refused (66) in the manifest's own words, before any user.
  @Test func aManifestThatIsNoFileIsRefused() throws {
    let folder = TestScratch.root.appendingPathComponent("manifest-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/users.jsonl"
    #expect(mkfifo(fifo, 0o600) == 0)
    for (path, words) in [(folder, "the manifest is a folder"), (fifo, "a FIFO")] {
      let service = BatchService(
        manifest: path, shard: BatchShard(index: 0, count: 1), jobs: 1, now: "2026-11-24T20:30:00Z",
        summaryPath: nil, localtime: nil, executablePath: nil)
      let error = #expect(throws: SpotterAppError.self) { try service.entries() }
      #expect(error.map { "\($0)" }?.contains(words) == true, "\(String(describing: error))")
      #expect(error.map(ExitStatus.code(for:)) == 66)
    }
  }

  /// A manifest is read whole, so one of more than 256 MB (a sparse file of 10 GB, which filled
  /// memory until the process was killed) stops the shard unread (66), and a line longer than
  /// any user's is refused without being decoded while the other users run.
  @Test func aHugeManifestOrLineIsRefusedUnread() throws {
    let (dir, path, _) = try manifest(2)
    let huge = dir.appendingPathComponent("huge.jsonl").path
    try Data("{\"id\":\"u0\"}\n".utf8).write(to: URL(fileURLWithPath: huge))
    #expect(truncate(huge, off_t(10) << 30) == 0)
    let error = #expect(throws: SpotterAppError.self) { try service(huge).entries() }
    #expect(error.map { "\($0)" }?.contains("10737418240 bytes, more than a manifest") == true)
    #expect(error.map(ExitStatus.code(for:)) == 66)

    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let long = "{\"id\":\"" + String(repeating: "a", count: BatchService.longestManifestLine) + "\"}"
    try ([long] + lines).joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let (users, refused) = try service(path).entries()
    #expect(users.map(\.id) == ["u0", "u1"])
    #expect(
      refused.map(\.description).first?.contains(
        ":1: key 'user': a line of \(long.utf8.count) bytes, longer than any user's") == true)
  }

  /// A Slurm task's shard is its place in the array, not its ID: `--array=1-8` and
  /// `--array=0-14:2` each give every shard once; an array of uneven IDs, or an environment that
  /// does not add up, is refused rather than leaving a shard's users unrun.
  @Test func aSlurmTaskIsItsPlaceInTheArray() throws {
    func shards(_ ids: [Int], minimum: Int, maximum: Int, step: Int?) throws -> [BatchShard] {
      try ids.map { id in
        var environment = [
          "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_COUNT": "\(ids.count)",
          "SLURM_ARRAY_TASK_MIN": "\(minimum)", "SLURM_ARRAY_TASK_MAX": "\(maximum)",
        ]
        environment["SLURM_ARRAY_TASK_STEP"] = step.map { "\($0)" }
        return try BatchShard.parse("auto", environment: environment)
      }
    }
    let eight = (0..<8).map { BatchShard(index: $0, count: 8) }
    #expect(try shards(Array(1...8), minimum: 1, maximum: 8, step: 1) == eight)
    #expect(try shards(Array(1...8), minimum: 1, maximum: 8, step: nil) == eight)
    #expect(try shards(Array(stride(from: 0, through: 14, by: 2)), minimum: 0, maximum: 14, step: 2) == eight)
    #expect(try shards([3], minimum: 3, maximum: 3, step: 1) == [BatchShard(index: 0, count: 1)])
    // Uneven IDs (--array=1,2,5), and environments that cannot be one array.
    #expect(throws: SpotterAppError.self) { try shards([1, 2, 5], minimum: 1, maximum: 5, step: 1) }
    for environment in [
      ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "4"],
      ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "0"],
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "\(Int.max)"],
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "\(Int.max)"],
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_STEP": "\(Int.min)"],
    ] {
      #expect(throws: SpotterAppError.self) { try BatchShard.parse("auto", environment: environment) }
    }
  }

  /// Planted failures are each recorded with their code while every other user runs; a store held
  /// by another process is busy after its retry (75); the summary lets a re-run skip the done.
  @Test func failuresAreIsolatedAndARerunResumes() throws {
    let (dir, path, users) = try manifest(10)
    // A bad export, a config with an unknown key, a read-only output folder, a store held.
    let bad = dir.appendingPathComponent("bad.csv").path
    try "Date,Workout Name\nnot a date,x\n".write(toFile: bad, atomically: false, encoding: .utf8)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[1] = lines[1].replacingOccurrences(of: Self.example, with: bad)
    try "timezone = \"UTC\"\nno_such_key = 1\n".write(
      toFile: users[2].config, atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: users[3].out, withIntermediateDirectories: true)
    chmod(users[3].out, 0o500)
    defer { chmod(users[3].out, 0o700) }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let lockPath = users[4].db + ".lock"
    try FileManager.default.createDirectory(
      atPath: (users[4].db as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let held = open(lockPath, O_RDWR | O_CREAT, 0o644)
    #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
    let summary = dir.appendingPathComponent("summary.jsonl").path
    let first = try service(path, summary: summary).run()
    #expect(first.users == 10)
    let codes = Dictionary(uniqueKeysWithValues: first.failed.map { ($0.id, $0.code) })
    #expect(codes["u1"] == 65, "\(first.failed)")
    #expect(codes["u2"] == 78, "\(first.failed)")
    // As root, a read-only folder is still writable: the failure is planted only for others.
    if getuid() != 0 { #expect(codes["u3"] == 74, "\(first.failed)") }
    #expect(first.busy == ["u4"] && first.exitCode == 75)
    #expect(first.ok == 10 - first.failed.count - 1)
    #expect(FileManager.default.fileExists(atPath: users[0].out + "/spotter.ics"))
    // The store is free again: the re-run runs the busy user alone.
    flock(held, LOCK_UN)
    close(held)
    let second = try service(path, summary: summary).run()
    #expect(second.resumed == 9 && second.ok == 1 && second.busy.isEmpty && second.exitCode == 0, "\(second)")
    let summaryLines = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n")
    // Ten users once each (the busy one's final word only), and its run of the second time.
    #expect(summaryLines.count == 11)
  }

  /// A user whose run log cannot be written keeps their night (code 0) and is told so in the
  /// report and the summary, with the reason: the notices bound for that log are not lost
  /// without a word.
  @Test func aRunLogThatCannotBeKeptIsAWarningNotASilence() throws {
    let (dir, path, users) = try manifest(2)
    // The state folder is a file, so no log can go under it, root or not.
    try "".write(toFile: users[1].state, atomically: false, encoding: .utf8)
    let summary = dir.appendingPathComponent("summary.jsonl").path
    let report = try service(path, summary: summary).run()
    #expect(report.ok == 2 && report.failed.isEmpty && report.exitCode == 0, "\(report)")
    let warning = try #require(report.warnings?.first)
    #expect(report.warnings?.count == 1 && warning.id == "u1")
    #expect(warning.warning.hasPrefix("no run log: \(users[1].state)/spotter/run-"), "\(warning)")
    #expect(warning.warning.hasSuffix("Not a directory"), "\(warning)")
    let lines = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n")
    let outcomes = try lines.map { try JSONDecoder().decode(BatchService.Outcome.self, from: Data($0.utf8)) }
    #expect(outcomes.first { $0.id == "u1" }?.warning == warning.warning)
    #expect(outcomes.first { $0.id == "u0" }?.warning == nil)
    // With the folder back, the warning goes: the report has none, and `--json` no key.
    try FileManager.default.removeItem(atPath: users[1].state)
    let clean = try service(path).run()
    #expect(clean.ok == 2 && clean.warnings == nil, "\(clean)")
    #expect(!(try JSONOutput.encode(clean, timeZone: TimeZone(identifier: "UTC")!)).contains("warnings"))
  }

  /// A second night with nothing new is unchanged for every user and leaves no trace: no output
  /// rewritten, no new run log, no store file touched.
  @Test func anUnchangedNightLeavesNoTrace() throws {
    let (_, path, users) = try manifest(4)
    let first = try service(path).run()
    #expect(first.ok == 4 && first.changed == 4, "\(first)")
    func trace(_ user: BatchUser) throws -> [String: Date] {
      var seen: [String: Date] = [:]
      for folder in [user.out, user.state, (user.db as NSString).deletingLastPathComponent] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        for name in names {
          let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
          guard attributes[.type] as? FileAttributeType == .typeRegular, !name.hasSuffix(".lock") else {
            continue
          }
          seen[folder + "/" + name] = attributes[.modificationDate] as? Date
        }
      }
      return seen
    }
    let before = try users.map(trace)
    let second = try BatchService(
      manifest: path, shard: BatchShard(index: 0, count: 1), jobs: 2, now: "2026-11-22T20:31:00Z",
      summaryPath: nil, localtime: "/usr/share/zoneinfo/Europe/Berlin",
      executablePath: "/usr/local/bin/spotter"
    ).run()
    #expect(second.ok == 4 && second.unchanged == 4, "\(second)")
    let after = try users.map(trace)
    for (old, new) in zip(before, after) {
      for (path, date) in new where old[path] != date { Issue.record("touched: \(path)") }
      for path in old.keys where new[path] == nil { Issue.record("removed: \(path)") }
    }
  }

  /// A file of which no line is a user (here a line missing its paths, or a CSV given for the
  /// manifest) or no file at all stops the shard, naming the first line.
  @Test func aMalformedOrMissingManifestStopsTheShard() throws {
    let (dir, path, _) = try manifest(2)
    for (text, key) in [
      ("{\"id\":\"u0\"}\n", "db': missing"), ("Date,Workout Name\n2026-11-02,Push\n", "user'"),
    ] {
      try text.write(toFile: path, atomically: false, encoding: .utf8)
      let error = #expect(throws: SpotterIOError.self) { try service(path).run() }
      #expect(error?.description.hasPrefix("\(path):1: key '\(key)") == true, "\(String(describing: error))")
      #expect(error?.exitCode == .config)
    }
    do {
      _ = try service(dir.appendingPathComponent("none.jsonl").path).run()
      Issue.record("a missing manifest ran")
    } catch let error as SpotterAppError {
      #expect(error.exitCode == .noInput)
    }
  }

  /// A misspelt key is an error naming the manifest's line and the key, not a user run on the
  /// config's sources without a word; an id with a control character is refused before it can
  /// break a summary line or a terminal.
  @Test func anUnknownKeyOrAnIdWithAControlCharacterIsRefused() throws {
    let (_, path, _) = try manifest(2)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let good = lines
    lines[1] = lines[1].replacingOccurrences(of: "\"history\"", with: "\"hisotry\"")
    if let error = try refusal(of: lines, at: path) {
      #expect(error.description.hasPrefix("\(path):2: key 'hisotry': unknown key"), "\(error)")
      #expect(error.exitCode == .config)
    } else {
      Issue.record("a misspelt key was read")
    }
    for id in ["u\\u001b[2J", "a\\nb", "", String(repeating: "x", count: 201)] {
      lines = good
      lines[0] = lines[0].replacingOccurrences(of: "\"id\":\"u0\"", with: "\"id\":\"\(id)\"")
      if let error = try refusal(of: lines, at: path) {
        #expect(error.description.hasPrefix("\(path):1: key 'id':"), "\(error)")
      } else {
        Issue.record("the id \(id) was taken")
      }
    }
  }

  /// A summary that cannot be appended to (a link, a folder, a missing folder) stops the shard
  /// before any user runs (64), where it used to lose every line in silence; a line torn by a
  /// kill is closed, so the next outcome is kept and a re-run skips it.
  @Test func aSummaryThatCannotBeKeptStopsTheShardAndATornLineIsClosed() throws {
    let (dir, path, users) = try manifest(2)
    let elsewhere = dir.appendingPathComponent("elsewhere.jsonl")
    let link = dir.appendingPathComponent("link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
    for summary in [link.path, dir.path, dir.appendingPathComponent("none/summary.jsonl").path] {
      do {
        _ = try service(path, summary: summary).run()
        Issue.record("ran with the summary \(summary)")
      } catch let error as SpotterAppError {
        #expect(error.exitCode == .usage, "\(error)")
        #expect(error.description.contains("--summary"), "\(error)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
    #expect(!FileManager.default.fileExists(atPath: users[0].out + "/spotter.ics"))

    let summary = dir.appendingPathComponent("summary.jsonl").path
    try "{\"changed\":false,\"code\":0,\"id\":\"u9\",\"ni".write(
      toFile: summary, atomically: false, encoding: .utf8)
    let first = try service(path, summary: summary).run()
    #expect(first.ok == 2 && first.summaryError == nil && first.exitCode == 0)
    // The tear is said once, by the run that closes it.
    #expect(
      first.summarySkipped == [
        "\(summary):1: a line cut short (a kill or a full disk as it was written), closed and skipped"
      ])
    let kept = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n")
    #expect(kept.count == 3 && kept[1].contains("\"id\":\"u") && kept[2].contains("\"id\":\"u"), "\(kept)")
    let again = try service(path, summary: summary).run()
    #expect(again.resumed == 2 && again.ok == 0 && again.summarySkipped == nil)
  }

  /// A line of this night that is no outcome (edited, or torn and closed by an earlier run of the
  /// night) is skipped with its line named, and its user runs again; the lines of other nights
  /// are not decoded, so not judged, however they read.
  @Test func aDamagedLineOfTheNightIsSaidAndItsUserRunsAgain() throws {
    let (dir, path, _) = try manifest(3)
    let summary = dir.appendingPathComponent("summary.jsonl").path
    let lines = [
      "{\"changed\":true,\"code\":0,\"id\":\"u0\",\"night\":\"2026-11-22\"}",
      "{\"changed\":true,\"code\":0,\"id\":\"u1\",\"night\":\"2026-11-22\",\"warning\":",
      "{\"night\":\"2026-11-21\" not json",
      "{\"changed\":true,\"code\":0,\"id\":\"u1\",\"night\":\"2026-11-21\"}",
      "",
      "{\"changed\":true,\"code\":0,\"id\":\"u2\",\"night\":\"2026-11-22\"}",
    ]
    try (lines.joined(separator: "\n") + "\n").write(toFile: summary, atomically: false, encoding: .utf8)
    let report = try service(path, summary: summary).run()
    #expect(report.resumed == 2 && report.ok == 1 && report.exitCode == 0)
    #expect(
      report.summarySkipped == [
        "\(summary):2: a line of this night that is no user's outcome; skipped, as if its user had not run yet"
      ])
    let appended = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n").last ?? ""
    #expect(appended.contains("\"id\":\"u1\"") && appended.contains("\"night\":\"2026-11-22\""))

    // This night's line cut short at the file's end, as a kill leaves it: closed, said, run again.
    let torn = lines[0] + "\n" + lines[1]
    try torn.write(toFile: summary, atomically: false, encoding: .utf8)
    let after = try service(path, summary: summary).run()
    #expect(after.resumed == 1 && after.ok == 2)
    #expect(
      after.summarySkipped == [
        "\(summary):2: a line of this night that is cut short (a kill or a full disk as it was written), "
          + "closed; skipped, as if its user had not run yet"
      ])
  }

  /// Two lines on one store or one output folder, however spelt (`./`, a link), are refused with
  /// both lines named: the store would merge two people's histories, and the folder would send
  /// each the other's calendar.
  @Test func twoUsersOnOneStoreOrOutputFolderAreRefused() throws {
    let (dir, path, users) = try manifest(3)
    let good = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let link = dir.appendingPathComponent("u0-link")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: dir.appendingPathComponent("u0").path)
    try FileManager.default.createDirectory(atPath: users[0].out, withIntermediateDirectories: true)
    let cases = [
      ("db", users[2].db, dir.path + "/u0/./db.sqlite"),
      ("out", users[2].out, link.path + "/out/"),
    ]
    for (key, mine, theirs) in cases {
      var lines = good
      lines[2] = lines[2].replacingOccurrences(of: "\"\(mine)\"", with: "\"\(theirs)\"")
      if let error = try refusal(of: lines, at: path) {
        #expect(
          error.description.hasPrefix("\(path):3: key '\(key)': user 'u0' (line 1) has this path too"),
          "\(error)")
      } else {
        Issue.record("two users on \(theirs) were taken")
      }
    }
  }

  /// A place that exists is one key however spelt (a link, `.`, `..`, a trailing slash), asked
  /// of `realpath(3)`; one that does not exist yet is its path with `.`, `..` and the trailing
  /// slash spelt out, as Foundation spells it.
  @Test func aPlaceIsOneKeyHoweverSpelt() throws {
    let (dir, _, _) = try manifest(1)
    let target = dir.appendingPathComponent("u0")
    try FileManager.default.createDirectory(
      at: target.appendingPathComponent("out"), withIntermediateDirectories: true)
    let link = dir.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
    let spellings = [
      target.path + "/out", link.path + "/out/", link.path + "/./out", dir.path + "/u0/../u0/out",
    ]
    #expect(Set(spellings.map(BatchService.place)).count == 1, "\(spellings.map(BatchService.place))")
    // `..` after a link is the link's target's parent, as when the folder is opened: `deep/..`
    // is `a`, not the manifest's folder.
    let nested = dir.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("a/out"), withIntermediateDirectories: true)
    let deep = dir.appendingPathComponent("deep")
    try FileManager.default.createSymbolicLink(atPath: deep.path, withDestinationPath: nested.path)
    #expect(BatchService.place(deep.path + "/../out") == BatchService.place(dir.path + "/a/out"))
    // A relative spelling is the working directory's: up to the root, then down to the folder.
    let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
    let relative = String(repeating: "../", count: depth) + target.path.dropFirst() + "/out"
    #expect(BatchService.place(relative) == BatchService.place(target.path + "/out"))
    let new = BatchService.place(dir.path + "/new/./a/../b/")
    #expect(new == BatchService.place(dir.path + "/new/b"))
    #expect(new.hasSuffix("/new/b") && !FileManager.default.fileExists(atPath: new))
  }

  /// A line missing a key, or with a value of the wrong kind, names that key, not just the
  /// line; a byte-order mark before the first line (as Windows tools write one) is no part of it.
  @Test func aMissingOrMistypedKeyIsNamed() throws {
    let (_, path, _) = try manifest(2)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    func refused(_ change: (String) -> String) throws -> String? {
      try refusal(of: [change(lines[0]), lines[1]], at: path)?.description
    }
    let missing = try refused { $0.replacingOccurrences(of: "\"config\":", with: "\"comment\":") }
    #expect(missing?.hasPrefix("\(path):1: key 'comment': unknown key") == true, "\(missing ?? "taken")")
    let dropped = try refused { line in
      line.replacingOccurrences(of: #","config":"[^"]*""#, with: "", options: .regularExpression)
    }
    #expect(dropped?.hasPrefix("\(path):1: key 'config': missing") == true, "\(dropped ?? "taken")")
    let number = try refused { $0.replacingOccurrences(of: "\"id\":\"u0\"", with: "\"id\":42") }
    #expect(
      number?.hasPrefix("\(path):1: key 'id': expected a path or name as a string") == true,
      "\(number ?? "taken")")
    let null = try refused { line in
      line.replacingOccurrences(of: #""out":"[^"]*""#, with: #""out":null"#, options: .regularExpression)
    }
    #expect(null?.hasPrefix("\(path):1: key 'out': expected") == true, "\(null ?? "taken")")
    let history = try refused { line in
      line.replacingOccurrences(
        of: #""history":\["([^"]*)"\]"#, with: #""history":"$1""#, options: .regularExpression)
    }
    #expect(
      history?.hasPrefix("\(path):1: key 'history': expected a list of paths") == true,
      "\(history ?? "taken")")
    #expect(try refused { "\u{FEFF}" + $0 } == nil)
    try ("\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n").write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(try service(path).entries().users.map(\.id) == ["u0", "u1"])
  }

  /// One mistyped, torn or copied line among many costs its own user's night, never the
  /// others': the rest run, each refused line is named with its line, and the shard exits 78
  /// (the manifest needs mending; a retry cannot help), in every shard, since a refused line
  /// has no id to shard by.
  @Test func aRefusedLineCostsOnlyItsOwnUser() throws {
    let (_, path, users) = try manifest(6)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let copied = lines[0]
    lines[2] = String(lines[2].dropLast(20))  // torn by a host rewriting the file
    lines[4] = lines[4].replacingOccurrences(of: "\"state\"", with: "\"stat\"")
    lines.append(copied)  // a copy: the same id, store and folder as line 1
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let report = try service(path).run()
    #expect(report.users == 4 && report.ok == 4 && report.failed.isEmpty, "\(report)")
    let refused = try #require(report.refused)
    #expect(refused.count == 3, "\(refused)")
    #expect(refused[0].hasPrefix("\(path):3: key 'user'"), "\(refused)")
    #expect(refused[1].hasPrefix("\(path):5: key 'stat': unknown key"), "\(refused)")
    #expect(refused[2].hasPrefix("\(path):7: key 'id'") && refused[2].contains("earlier line"), "\(refused)")
    #expect(report.exitCode == 78)
    for (index, user) in users.enumerated() {
      let written = FileManager.default.fileExists(atPath: user.out + "/spotter.ics")
      #expect(written == ![2, 4].contains(index), "\(user.id)")
    }
    // Every shard names the refused lines; together the shards still run each taken user once.
    let halves = try (0..<2).map { try service(path, shard: BatchShard(index: $0, count: 2)).run() }
    #expect(halves.allSatisfy { $0.refused == refused && $0.exitCode == 78 })
    #expect(halves.map(\.users).reduce(0, +) == 4)
  }

  /// A batch user has no home: `~/` in their config or their manifest line is refused with its
  /// place (78 for the config's line, 74 for a history), never read as a folder called `~` in
  /// the batch's working folder, where every such user's vdir would have shared one folder.
  @Test func aPathFromAHomeIsRefusedForABatchUser() throws {
    let (_, path, users) = try manifest(3)
    try "timezone = \"UTC\"\nvdir = \"~/cal\"\n".write(
      toFile: users[0].config, atomically: false, encoding: .utf8)
    try "timezone = \"UTC\"\n[import]\nsources = [\"~/exports\"]\n".write(
      toFile: users[1].config, atomically: false, encoding: .utf8)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[2] = lines[2].replacingOccurrences(of: Self.example, with: "~/strong.csv")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let tilde = FileManager.default.currentDirectoryPath + "/~"
    let before = FileManager.default.fileExists(atPath: tilde)
    let report = try service(path).run()
    let failures = Dictionary(uniqueKeysWithValues: report.failed.map { ($0.id, $0) })
    #expect(
      failures["u0"]?.code == 78
        && failures["u0"]?.error.hasPrefix("\(users[0].config):2: key 'vdir'") == true)
    #expect(failures["u1"]?.code == 78 && failures["u1"]?.error.contains("key 'import.sources'") == true)
    #expect(
      failures["u2"]?.code == 74 && failures["u2"]?.error.hasPrefix("~/strong.csv: '~' names a home") == true)
    #expect(FileManager.default.fileExists(atPath: tilde) == before)
    #expect(!FileManager.default.fileExists(atPath: users[0].out + "/spotter.ics"))
    // A relative vdir would be the batch's working folder, one for every user: refused too.
    try "timezone = \"UTC\"\nvdir = \"cal\"\n".write(
      toFile: users[0].config, atomically: false, encoding: .utf8)
    let relative = try service(path).run()
    let failure = try #require(relative.failed.first { $0.id == "u0" })
    #expect(
      failure.code == 78 && failure.error.contains("key 'vdir': a batch user has no working folder"),
      "\(failure)")
  }

  /// Two users whose configs name one vdir: the second is refused (78, its config's line named)
  /// before its night, where its sync would have removed the first one's reminder files, and
  /// each night the other way round.
  @Test func twoUsersOnOneVdirAreRefused() throws {
    let (dir, path, users) = try manifest(2)
    let vdir = dir.appendingPathComponent("shared-vdir").path
    for user in users {
      try "timezone = \"UTC\"\nvdir = \"\(vdir)\"\n[program]\nmon = \"Push Day\"\n".write(
        toFile: user.config, atomically: false, encoding: .utf8)
    }
    let single = BatchService(
      manifest: path, shard: BatchShard(index: 0, count: 1), jobs: 1, now: "2026-11-22T20:30:00Z",
      summaryPath: nil, localtime: "/usr/share/zoneinfo/Europe/Berlin",
      executablePath: "/usr/local/bin/spotter")
    let report = try single.run()
    #expect(report.ok == 1, "\(report)")
    let failure = try #require(report.failed.first)
    #expect(failure.id == "u1" && failure.code == 78, "\(failure)")
    #expect(
      failure.error.hasPrefix(
        "\(users[1].config):2: key 'vdir': user 'u0' of this batch has this vdir too, and each user needs their own:"
      ),
      "\(failure)")
    let files = try FileManager.default.contentsOfDirectory(atPath: vdir)
    #expect(files.contains { $0.hasSuffix("@spotter.ics") }, "\(files)")
  }

  /// A store brought into a batch from a machine where `agenda install` ran keeps that
  /// installation: its crontab block is another machine's, and the crontab here is the batch
  /// account's, so it is left alone with a note in the user's log. Before, the batch read that
  /// account's crontab and, finding a Spotter block there, replaced it with this user's.
  @Test func aCrontabBlockInstalledElsewhereIsLeftAloneWithANote() throws {
    let (_, path, users) = try manifest(1)
    #expect(try service(path).run().ok == 1)
    // The store's connection closes as it goes out of scope, before the batch takes the store.
    try Store(path: users[0].db).setSetting(
      AgendaInstaller.settingKey, #"{"histories":[],"outputDirectory":"/home/me/out"}"#)
    let report = try BatchService(
      manifest: path, shard: BatchShard(index: 0, count: 1), jobs: 1, now: "2026-11-23T20:30:00Z",
      summaryPath: nil, localtime: "/usr/share/zoneinfo/Europe/Berlin",
      executablePath: "/usr/local/bin/spotter"
    ).run()
    #expect(report.ok == 1 && report.failed.isEmpty, "\(report)")
    let logs = try FileManager.default.contentsOfDirectory(atPath: users[0].state + "/spotter")
    let text = try logs.map { try String(contentsOfFile: users[0].state + "/spotter/" + $0, encoding: .utf8) }
      .joined()
    #expect(
      text.contains("note: the crontab block installed from this store elsewhere is not refreshed"), "\(text)"
    )
  }

  /// A user with nothing imported yet has a standing note every night. An unchanged night of
  /// theirs repeats the last log word for word and keeps none, so it writes nothing, as any
  /// unchanged user's; a new day's log, which says a new horizon, is kept.
  @Test func aStandingNoteIsLoggedOnceNotEveryNight() throws {
    let (_, path, users) = try manifest(1)
    let home = (users[0].db as NSString).deletingLastPathComponent
    // The same user without a history: nothing to import, night after night.
    let line = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: ",\"history\":[\"\(Self.example)\"]", with: "")
    try line.write(toFile: path, atomically: false, encoding: .utf8)
    func night(_ now: String) throws -> [String] {
      let report = try BatchService(
        manifest: path, shard: BatchShard(index: 0, count: 1), jobs: 1, now: now, summaryPath: nil,
        localtime: "/usr/share/zoneinfo/Europe/Berlin", executablePath: "/usr/local/bin/spotter"
      ).run()
      #expect(report.ok == 1, "\(report)")
      return try FileManager.default.contentsOfDirectory(atPath: home + "/state/spotter").sorted()
    }
    _ = try night("2026-11-22T20:30:00Z")
    let second = try night("2026-11-22T20:31:00Z")
    let last = try String(contentsOfFile: home + "/state/spotter/" + second.last!, encoding: .utf8)
    #expect(last.contains("note: nothing imported yet"), "\(last)")
    #expect(try night("2026-11-22T20:32:00Z") == second)
    #expect(try night("2026-11-22T20:33:00Z") == second)
    #expect(try night("2026-11-23T20:30:00Z").count == second.count + 1)
  }
}
