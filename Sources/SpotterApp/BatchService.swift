import Foundation
import SpotterCore
import SpotterIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `spotter batch`: the nightly run of many users in one process, each exactly `spotter run`
/// with that user's config, store, output and state folders and nothing of the process's
/// environment, at most `jobs` at a time.
///
/// One user's failure never stops the others: it is recorded with its code and message. A user
/// whose store is busy is tried once more at the end of the shard. Each user's result is
/// appended to the summary as it ends, so a shard re-run the same night (a requeued Slurm task,
/// a retried Kubernetes index) skips the users already done.
public struct BatchService: Sendable {
  public var manifest: String
  public var shard: BatchShard
  public var jobs: Int
  /// `--now`, as text, handed to each user's run as `spotter run --now` takes it.
  public var now: String?
  public var summaryPath: String?
  /// The machine's zone file, for tests (`SPOTTER_LOCALTIME`); the only value taken from the
  /// process's environment, since it is the machine's and the same for every user.
  public var localtime: String?
  public var executablePath: String?
  /// The machine's zone, read once for every user: it is the machine's, not theirs.
  let machineZone: (zone: TimeZone?, warning: String?)
  /// Which user's config named each vdir so far (see ``claimVdir(_:for:)``).
  private let vdirs = VdirClaims()
  /// The live sources that stopped answering this batch's users.
  let syncBreaker = SyncBreaker()

  /// The vdirs claimed in this batch, by place, shared by its threads.
  private final class VdirClaims: @unchecked Sendable {
    let lock = NSLock()
    var owners: [String: String] = [:]
  }

  public init(
    manifest: String, shard: BatchShard, jobs: Int, now: String?, summaryPath: String?, localtime: String?,
    executablePath: String?
  ) {
    self.manifest = manifest
    self.shard = shard
    self.jobs = max(1, jobs)
    self.now = now
    self.summaryPath = summaryPath
    self.localtime = localtime
    self.executablePath = executablePath
    machineZone = SystemTimeZone.resolve(localtime: localtime ?? "/etc/localtime")
  }

  /// One user's night.
  public struct Outcome: Sendable, Codable, Hashable {
    public var id: String
    public var code: Int32
    public var error: String?
    public var changed: Bool
    public var night: String
    /// What went wrong beside the night without failing it (``NightlyJob/Ending/warnings``).
    public var warning: String? = nil

    public var isBusy: Bool { code == SpotterExitCode.temporaryFailure.rawValue }
  }

  /// A failed user in the result.
  public struct Failure: Sendable, Encodable, Hashable {
    public var id: String
    public var code: Int32
    public var error: String
  }

  /// A user whose night ended well with something to say (their run log not kept).
  public struct Warning: Sendable, Encodable, Hashable {
    public var id: String
    public var warning: String
  }

  /// What a shard did, as `--json` prints it.
  public struct Report: Sendable, Encodable {
    public var version = JSONOutput.version
    public var shard: String
    public var users: Int
    public var ok: Int
    public var changed: Int
    public var unchanged: Int
    /// Users done by an earlier run of this shard the same night, not run again.
    public var resumed: Int
    public var failed: [Failure]
    public var busy: [String]
    public var cpuMs: Int
    /// Users whose night ended well with a warning; absent when there is none.
    public var warnings: [Warning]?
    /// The manifest's lines refused, each as `MANIFEST:line: key 'K': …`; absent when there is
    /// none. A refused line has no id to shard by, so every shard reports it.
    public var refused: [String]?
    /// Why a user's line could not be appended to `--summary`, if one could not: the users ran,
    /// but a re-run would run them again.
    public var summaryError: String?
    /// The summary's lines skipped as damage when it was read, each as `SUMMARY:line: …`;
    /// absent when there is none. A skipped line of this night costs its user a second run, not
    /// a lost night, so it is said, and the exit code does not change.
    public var summarySkipped: [String]?

    /// The exit code for the engine: 75 while busy users remain (a retry can help), 74 when the
    /// summary could not be kept, 78 when manifest lines were refused (a retry cannot help; the
    /// manifest needs mending), else 0.
    public var exitCode: Int32 {
      if !busy.isEmpty { return SpotterExitCode.temporaryFailure.rawValue }
      if summaryError != nil { return SpotterExitCode.ioError.rawValue }
      return refused == nil ? SpotterExitCode.success.rawValue : SpotterExitCode.config.rawValue
    }
  }

  /// The most bytes of a manifest, read whole: a million users' lines of about 250 bytes.
  static let largestManifest = 256 << 20
  /// The longest manifest line decoded: five paths of up to `PATH_MAX` and a thousand exports'
  /// paths fit many times over; a longer line is refused without being decoded.
  static let longestManifestLine = 1 << 20

  /// The manifest's users, in its order, and each line refused, with its line: one that is no
  /// user, or that names an id, a store or an output folder an earlier user has. A refused line
  /// costs its own user's night, never the others': a line torn by a host rewriting the file, or
  /// mistyped among two thousand, does not leave everyone without reminders.
  public func entries() throws -> (users: [BatchUser], refused: [SpotterIOError]) {
    let data: Data
    var status = stat()
    // A folder is said as the manifest's own mistake: the import's words for one ask for the
    // export inside it.
    if stat(manifest, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw SpotterAppError.batchInput(
        path: manifest, reason: "the manifest is a folder; name its JSON Lines file, one user per line")
    }
    do {
      data = try InputFile.contents(
        manifest, atMost: Self.largestManifest, kind: Phrase("a manifest (a million users' lines)"))
    } catch {
      throw SpotterAppError.batchInput(
        path: manifest, reason: "the manifest cannot be read (\(ExitStatus.message(for: error)))")
    }
    var users: [BatchUser] = []
    var refused: [SpotterIOError] = []
    var seen = Set<String>()
    var owners: [String: (id: String, line: Int)] = [:]
    // Split where the bytes lie: `Data`'s own split went through its subscript a byte at a
    // time, 45,000 instructions a line on the thread every worker waits for.
    try data.withUnsafeBytes { bytes in
      for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
        guard line.count <= Self.longestManifestLine else {
          refused.append(
            SpotterIOError.invalidConfig(
              file: manifest, line: index + 1, key: "user",
              value: String(decoding: UnsafeRawBufferPointer(rebasing: line.prefix(200)), as: UTF8.self),
              reason:
                "a line of \(line.count) bytes, longer than any user's (at most \(Self.longestManifestLine)):"
            ))
          continue
        }
        var text = String(decoding: UnsafeRawBufferPointer(rebasing: line), as: UTF8.self)
          .trimmingScalars(in: .whitespacesAndNewlines)
        // A byte-order mark, as Windows tools write one before the first line, is no part of it.
        if index == 0, text.unicodeScalars.first == "\u{FEFF}" {
          text = String(text.unicodeScalars.dropFirst()).trimmingScalars(in: .whitespacesAndNewlines)
        }
        guard !text.isEmpty else { continue }
        do {
          users.append(try user(text, line: index + 1, seen: &seen, owners: &owners))
        } catch let error as SpotterIOError {
          refused.append(error)
        }
      }
    }
    return (users, refused)
  }

  /// The user on `text`, the manifest's line `line`, unless it is no user or clashes with an
  /// earlier one; a user taken is added to `seen` and `owners`.
  private func user(
    _ text: String, line: Int, seen: inout Set<String>, owners: inout [String: (id: String, line: Int)]
  ) throws -> BatchUser {
    let user: BatchUser
    do {
      user = try JSONDecoder().decode(BatchUser.self, from: Data(text.utf8))
    } catch let unknown as BatchUser.UnknownKey {
      throw SpotterIOError.invalidConfig(
        file: manifest, line: line, key: unknown.key, value: text,
        reason: "unknown key (the keys are \(BatchUser.keys.joined(separator: ", "))) in")
    } catch DecodingError.keyNotFound(let key, _) {
      throw SpotterIOError.invalidConfig(
        file: manifest, line: line, key: key.stringValue, value: text,
        reason: "missing; every user needs \"id\", \"db\", \"config\", \"out\" and \"state\", got")
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
      // The key whose value is not text (or, for history, a list of texts), named as the line
      // spells it.
      let key = context.codingPath.first?.stringValue ?? "user"
      throw SpotterIOError.invalidConfig(
        file: manifest, line: line, key: key, value: text,
        reason: key == "history"
          ? "expected a list of paths, got" : "expected a path or name as a string, got")
    } catch {
      throw SpotterIOError.invalidConfig(
        file: manifest, line: line, key: "user", value: text,
        reason: "expected {\"id\", \"db\", \"config\", \"out\", \"state\"[, \"history\"]} on one line, got")
    }
    guard BatchUser.isValid(id: user.id) else {
      throw SpotterIOError.invalidConfig(
        file: manifest, line: line, key: "id", value: user.id,
        reason: "an id of 1 to 200 bytes without control characters is needed, got")
    }
    guard !seen.contains(user.id) else {
      throw SpotterIOError.invalidConfig(
        file: manifest, line: line, key: "id", value: user.id, reason: "this id is on an earlier line too:")
    }
    // Two people on one store would have their histories merged, and on one output folder each
    // would be sent the other's calendar: a copied line is refused, not run.
    let places = [("db", user.db), ("out", user.out)].map {
      (key: $0.0, path: $0.1, place: $0.0 + " " + Self.place($0.1))
    }
    for place in places {
      if let owner = owners[place.place] {
        throw SpotterIOError.invalidConfig(
          file: manifest, line: line, key: place.key, value: place.path,
          reason: "user '\(owner.id)' (line \(owner.line)) has this path too, and each user needs their own:")
      }
    }
    seen.insert(user.id)
    for place in places { owners[place.place] = (user.id, line) }
    return user
  }

  /// Where `path` is, to tell two spellings of one place apart: `.`, `..` and a trailing slash
  /// resolved, and links too when the place exists.
  ///
  /// A place that exists is asked of `realpath(3)` as it is spelt, one call: Foundation's walk
  /// of the path, a `lstat` and a string a component, cost 50,000 instructions a path, two for
  /// every line of a manifest of thousands, on the thread every worker waits for. `realpath`
  /// reads a relative path from the working directory, and `..` after a link as the system
  /// does when the file is opened (the link's target's parent), where a lexical `..` first
  /// could name another place. A place that does not exist yet (a new user's store) is spelt
  /// out by Foundation as before; one place is one or the other, so two spellings still meet.
  static func place(_ path: String) -> String {
    InputFile.resolvedPath(path)
      ?? URL(fileURLWithPath: Workspace.absolute(path)).resolvingSymlinksInPath().path
  }

  /// The night a run belongs to, for the summary: the UTC date of `now`.
  static func night(of now: Date) -> String {
    String(LocalDateTime(wallSeconds: Int(now.timeIntervalSince1970.rounded(.down))).description.prefix(10))
  }

  /// Runs the shard's users and returns what became of them.
  public func run() throws -> Report {
    let started = Self.cpuMilliseconds()
    // A usage error before anything is read.
    let instant: Date
    if let now {
      guard let parsed = InstantParser.parse(now, clock: ZoneClock(timeZone: TimeZone(identifier: "UTC")!))
      else {
        throw SpotterAppError.invalidOption(
          option: "--now", value: now, reason: "expected an ISO 8601 instant, got")
      }
      instant = try Workspace.plannable(parsed, given: now)
    } else {
      instant = try Workspace.plannable(Date(), given: nil)
    }
    let (everyone, refused) = try entries()
    // A file of which no line is a user is no manifest (a CSV given for it, a binary): the shard
    // cannot run, and says why by its first line.
    if everyone.isEmpty, let first = refused.first { throw first }
    let mine = everyone.filter { shard.contains($0.id) }
    let night = Self.night(of: instant)
    let summary = try summaryPath.map { try BatchSummary(path: $0, night: night, shard: shard) }
    let done = Set((summary?.previous ?? []).filter { !$0.isBusy }.map(\.id))
    let pending = mine.filter { !done.contains($0.id) }
    // A busy user gets one more try, after the others; only the final word is summarised, so
    // each user appears once in a night's summary.
    var outcomes = runAll(pending, night: night, summary: summary, summarisingBusy: false)
    let busy = outcomes.filter(\.isBusy).map(\.id)
    if !busy.isEmpty {
      let retried = runAll(
        pending.filter { busy.contains($0.id) }, night: night, summary: summary, summarisingBusy: true)
      outcomes = outcomes.filter { !$0.isBusy } + retried
    }
    let failed = outcomes.filter { $0.code != 0 && !$0.isBusy }.map {
      Failure(id: $0.id, code: $0.code, error: $0.error ?? "")
    }
    let ok = outcomes.filter { $0.code == 0 }
    let warnings = ok.compactMap { outcome in outcome.warning.map { Warning(id: outcome.id, warning: $0) } }
    return Report(
      shard: shard.description, users: mine.count, ok: ok.count, changed: ok.filter(\.changed).count,
      unchanged: ok.filter { !$0.changed }.count, resumed: mine.count - pending.count,
      failed: failed.sorted { $0.id < $1.id }, busy: outcomes.filter(\.isBusy).map(\.id).sorted(),
      cpuMs: Self.cpuMilliseconds() - started,
      warnings: warnings.isEmpty ? nil : warnings.sorted { $0.id < $1.id },
      refused: refused.isEmpty ? nil : refused.map(\.description), summaryError: summary?.failure,
      summarySkipped: (summary?.skipped).flatMap { $0.isEmpty ? nil : $0 })
  }

  /// `users` on `jobs` threads, each outcome appended to the summary as it ends.
  private func runAll(_ users: [BatchUser], night: String, summary: BatchSummary?, summarisingBusy: Bool)
    -> [Outcome]
  {
    final class Shared: @unchecked Sendable {
      let lock = NSLock()
      var next = 0
      var outcomes: [Outcome] = []
    }
    let shared = Shared()
    let group = DispatchGroup()
    for _ in 0..<min(jobs, max(users.count, 1)) {
      group.enter()
      let thread = Thread {
        while true {
          shared.lock.lock()
          let index = shared.next
          shared.next += 1
          shared.lock.unlock()
          guard index < users.count else { break }
          let outcome = runOne(users[index], night: night)
          shared.lock.lock()
          shared.outcomes.append(outcome)
          if summarisingBusy || !outcome.isBusy { summary?.append(outcome) }
          shared.lock.unlock()
        }
        group.leave()
      }
      // Each user's night runs as deep as a command's main thread does.
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    return shared.outcomes
  }

  /// One user's night: `spotter run` with their paths and nothing of this process's environment.
  func runOne(_ user: BatchUser, night: String) -> Outcome {
    var environment = [
      "XDG_STATE_HOME": user.state, "XDG_DATA_HOME": user.out,
      "XDG_CONFIG_HOME": "/nonexistent-spotter-config",
    ]
    if let localtime { environment["SPOTTER_LOCALTIME"] = localtime }
    var options = SpotterOptions(
      configPath: user.config, databasePath: user.db, now: now, environment: environment, lockWaitSeconds: 0,
      executablePath: executablePath)
    options.storeBusySeconds = Self.storeBusySeconds
    options.opensStoreFirst = true
    options.isBatchUser = true
    options.syncBreaker = syncBreaker
    options.machineZone = machineZone
    do {
      let workspace = try Workspace(options: options)
      if let vdir = workspace.vdirPath { try claimVdir(vdir, for: user) }
      let ending = try NightlyJob(workspace: workspace).run(
        histories: user.history ?? [], horizon: .coming(count: workspace.settings.reminders.horizonDays),
        outputDirectory: user.out, noticesInLog: true)
      guard ending.failures.isEmpty else {
        return Outcome(
          id: user.id, code: ending.exitCode, error: ending.failures.joined(separator: "; "),
          changed: ending.changed, night: night)
      }
      return Outcome(
        id: user.id, code: 0, error: nil, changed: ending.changed, night: night,
        warning: ending.warnings.isEmpty ? nil : ending.warnings.joined(separator: "; "))
    } catch {
      return Outcome(
        id: user.id, code: ExitStatus.code(for: error), error: ExitStatus.message(for: error), changed: false,
        night: night)
    }
  }

  /// Claims the vdir `path` for `user`, or refuses it when another user of this batch claimed it
  /// first: a vdir's sync removes every reminder file it did not write, so two users on one
  /// folder would remove each other's reminders every night. The manifest's check cannot see it,
  /// since the folder is named in the configs.
  func claimVdir(_ path: String, for user: BatchUser) throws {
    let place = Self.place(path)
    vdirs.lock.lock()
    defer { vdirs.lock.unlock() }
    if let owner = vdirs.owners[place], owner != user.id {
      throw SpotterIOError.invalidConfig(
        file: user.config, line: ConfigLoader.line(of: "vdir", inFileAt: user.config), key: "vdir",
        value: path,
        reason: "user '\(owner)' of this batch has this vdir too, and each user needs their own:")
    }
    vdirs.owners[place] = user.id
  }

  /// Users in flight when `--jobs` is not given: the CPUs this process may use, by its affinity
  /// (`--cpus-per-task`, a cpuset) and by a cgroup's CPU quota (a pod's CPU limit), v1 as
  /// Foundation reads it and v2 (``CPUQuota``) as it does not.
  public static var defaultJobs: Int {
    min(ProcessInfo.processInfo.activeProcessorCount, CPUQuota.cpus() ?? Int.max)
  }

  /// How long a user's statements wait for SQLite's own lock on their store. The process lock is
  /// taken without waiting (a store held by another command is busy at once, and retried at the
  /// end); SQLite's lock is held for milliseconds by another process's look at the store, which
  /// is waited out rather than failing the user.
  static let storeBusySeconds: Double = 2

  /// This process's CPU time so far, user and system, in milliseconds.
  static func cpuMilliseconds() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Int(usage.ru_utime.tv_sec) * 1000 + Int(usage.ru_utime.tv_usec) / 1000
    let system = Int(usage.ru_stime.tv_sec) * 1000 + Int(usage.ru_stime.tv_usec) / 1000
    return user + system
  }
}
