import Foundation
import Testing
import _SpotterTestSupport

/// `spotter sync` against a server that lies: absurd `Retry-After` values, bodies that never end,
/// the API key echoed into every field of the documented shape, and key files that are FIFOs or
/// sit behind a linked folder. Each must end in bounded time with a message and a code, never a
/// trap, a hang or the key on the screen.
@Suite struct HevyHostileServerEndToEndTests {
  let evening = "2026-11-22T21:30:00+01:00"

  func sandbox(_ server: HevyServer, keyLine: String? = nil) throws -> Sandbox {
    try Sandbox(
      extra: "[hevy]\nurl = \"\(server.url)\"\n" + (keyLine ?? "api_key = \"\(HevyServer.key)\"") + "\n")
  }

  /// Whether `text` shows the key or any eight characters of it, in any case.
  static func leaks(_ text: String) -> Bool {
    let key = HevyServer.key.lowercased()
    let folded = text.lowercased()
    let characters = Array(key)
    for start in 0...(characters.count - 8) where folded.contains(String(characters[start..<start + 8])) {
      return true
    }
    return false
  }

  /// A Retry-After no number type can hold is "more than a year", never a trap; a value that is
  /// no delay at all is not obeyed. `run` and `catch-up`, which sync too, survive the same.
  @Test(arguments: [
    "1e300", "inf", "99999999999999999999", "-inf", "nan", "86400000", "Fri, 31 Dec 2100 23:59:59 GMT",
  ])
  func anAbsurdRetryAfterIsRefusedInWords(_ value: String) async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    let workouts = [HevyServer.workout(id: "r1", start: "2026-11-21T09:00:00Z")]
    try server.set(workouts: workouts, fail: ["status": 429, "times": -1, "retry_after": value])
    let sync = try await box.spotter(["sync"], now: evening)
    #expect(!sync.timedOut)
    #expect(sync.status == 75, "\(value): \(sync.stderr)")
    #expect(!sync.stderr.contains("Fatal error"), "\(sync.stderr)")
    if ["1e300", "inf", "-inf", "nan"].contains(value) {
      // Not digits: not a delay, so the usual backoff, then "rate limited; try again later".
      #expect(sync.stderr.contains("HTTP 429: rate limited; try again later"), "\(sync.stderr)")
    } else {
      #expect(sync.stderr.contains("rate limited for more than a year"), "\(value): \(sync.stderr)")
    }
    let run = try await box.spotter(["run"], now: evening, writes: true)
    #expect(run.status == 75 && !run.stderr.contains("Fatal error"), "\(run.stderr)")
    let catchUp = try await box.spotter(["catch-up"], now: evening)
    #expect(!catchUp.stderr.contains("Fatal error") && !catchUp.timedOut, "\(catchUp.stderr)")
  }

  /// A Retry-After as an HTTP date is read as the wait until then.
  @Test func aRetryAfterDateIsTheWaitUntilThen() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let inThreeDays = formatter.string(from: Date().addingTimeInterval(3 * 86400 + 600))
    try server.set(fail: ["status": 429, "times": 1, "retry_after": inThreeDays])
    let sync = try await box.spotter(["sync"], now: evening)
    #expect(sync.status == 75 && sync.stderr.contains("rate limited for 3 days"), "\(sync.stderr)")
  }

  /// A FIFO as the key file is refused at once, as is a key file reached through a linked folder.
  @Test func aKeyFileThatIsAFIFOOrBehindALinkedFolderIsRefusedAtOnce() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let dir = try SpotterBinary.scratch()
    let fifo = dir.appendingPathComponent("hevy.key").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let box = try sandbox(server, keyLine: "api_key_file = \"\(fifo)\"")
    let sync = try await box.spotter(["sync"], now: evening)
    #expect(!sync.timedOut)
    #expect(sync.status == 74 && sync.stderr.contains("a FIFO (named pipe)"), "\(sync.stderr)")
    let run = try await box.spotter(["run"], now: evening, writes: true)
    #expect(!run.timedOut && run.status == 74, "\(run.stderr)")

    let real = dir.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try (HevyServer.key + "\n").write(
      to: real.appendingPathComponent("hevy.key"), atomically: false, encoding: .utf8)
    chmod(real.appendingPathComponent("hevy.key").path, 0o600)
    let link = dir.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    let linked = try sandbox(server, keyLine: "api_key_file = \"\(link.path)/hevy.key\"")
    let refused = try await linked.spotter(["sync"], now: evening)
    #expect(refused.status == 74, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("link' is a symbolic link; name the key file by its real path"),
      "\(refused.stderr)")
    let direct = try sandbox(server, keyLine: "api_key_file = \"\(real.path)/hevy.key\"")
    #expect(try await direct.spotter(["sync"], now: evening).status == 0)
  }

  /// A FIFO named as a history, a calendar or the config ends at once with its reason.
  @Test func aFIFOAsAnyInputFileIsRefusedAtOnce() async throws {
    let box = try Sandbox()
    let fifo = box.dir.appendingPathComponent("export.csv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let imported = try await box.spotter(["import", fifo], now: evening)
    #expect(!imported.timedOut && imported.status == 74, "\(imported.stderr)")
    #expect(imported.stderr.contains("a FIFO (named pipe), not a file"), "\(imported.stderr)")
    let calendar = try await box.spotter(["focus", "import", fifo], now: evening, writes: true)
    #expect(!calendar.timedOut && calendar.status == 74, "\(calendar.stderr)")
    let config = try await SpotterBinary.run(["plan", "--config", fifo, "--db", box.db, "--now", evening])
    #expect(!config.timedOut && config.status != 0, "\(config.stderr)")
    #expect(config.stderr.contains("FIFO"), "\(config.stderr)")
  }

  /// The key planted in every text field of the documented shape, whole, in capitals or
  /// `\u`-escaped, and in error bodies past the excerpt's cut: no output, log or store shows it.
  @Test func anEchoedKeyIsNeverShown() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let key = HevyServer.key
    func planted(_ field: String, _ value: String) -> [String: Any] {
      var workout = HevyServer.workout(id: "e1", start: "2026-11-21T09:00:00Z")
      switch field {
      case "set.type":
        var exercises = workout["exercises"] as! [[String: Any]]
        var sets = exercises[0]["sets"] as! [[String: Any]]
        sets[1]["type"] = value
        exercises[0]["sets"] = sets
        workout["exercises"] = exercises
      case "exercise.title":
        var exercises = workout["exercises"] as! [[String: Any]]
        exercises[0]["title"] = value
        workout["exercises"] = exercises
      default: workout[field] = value
      }
      return workout
    }
    var outputs: [String] = []
    var stores: [Data] = []
    func attempt(_ box: Sandbox, _ arguments: [String] = ["sync"]) async throws -> SpotterBinary.Result {
      let result = try await box.spotter(arguments, now: evening, writes: arguments == ["run"])
      outputs += [result.stdout, result.stderr]
      if let store = FileManager.default.contents(atPath: box.db) { stores.append(store) }
      return result
    }
    for field in ["start_time", "end_time", "title", "id", "updated_at", "set.type", "exercise.title"] {
      for value in [key, key.uppercased(), "at " + key + " here", String(key.prefix(20))] {
        let box = try sandbox(server)
        try server.set(workouts: [planted(field, value)])
        _ = try await attempt(box)
        try server.set(workouts: [planted(field, value)], escapeKey: true)
        _ = try await attempt(try sandbox(server))
      }
    }
    // Events: a type, an id and a deletion stamp that echo the key, read after a first sync.
    for event in [
      ["type": key, "workout": HevyServer.workout(id: "e2", start: "2026-11-21T09:00:00Z")],
      ["type": "deleted", "id": key, "deleted_at": "2099-01-01T00:00:00Z"],
      ["type": "deleted", "id": "e3", "deleted_at": "2099-" + key],
      ["type": "updated", "workout": planted("start_time", key.uppercased())],
    ] as [[String: Any]] {
      let box = try sandbox(server)
      try server.set(workouts: [])
      #expect(try await box.spotter(["sync"], now: evening).status == 0)
      var stamped = event
      if var workout = stamped["workout"] as? [String: Any] {
        workout["updated_at"] = "2099-01-01T00:00:00Z"
        stamped["workout"] = workout
      }
      try server.set(events: [stamped])
      _ = try await attempt(box)
      _ = try await attempt(box, ["run"])
    }
    // Error bodies: the key at offset 100 of a 401, 500 and 418 body, in capitals, escaped.
    for (status, body) in [
      (401, String(repeating: "x", count: 100) + key),
      (500, String(repeating: "y", count: 110) + key.uppercased()),
      (
        418, "{\"echo\": \"" + key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined() + "\"}"
      ),
      (401, String(repeating: "z", count: 118) + key),
    ] {
      try server.set(fail: ["status": status, "times": -1, "body": body])
      let result = try await attempt(try sandbox(server))
      #expect(result.status != 0)
    }
    for (index, text) in outputs.enumerated() {
      #expect(!Self.leaks(text), "output \(index): \(text)")
    }
    for store in stores {
      #expect(store.range(of: Data(key.utf8)) == nil && store.range(of: Data(key.uppercased().utf8)) == nil)
    }
    let log =
      SpotterBinary.runLogs()
    #expect(!Self.leaks(log))
  }

  /// An endless or huge body is cut at the limit as it streams in: the helper's peak memory is
  /// that of the limit, whatever the server sends, and the sync says why it failed.
  @Test(arguments: ["endless", "104857600"])
  func aHugeBodyIsCutAsItStreams(_ body: String) async throws {
    let server = try HevyServer()
    defer { server.stop() }
    try server.set(body: body == "endless" ? "endless" : Int(body)!)
    let box = try sandbox(server)
    let sync = try await box.spotter(["sync"], now: evening)
    #expect(!sync.timedOut)
    #expect(sync.status == 69 && sync.stderr.contains("answer larger than"), "\(sync.stderr)")
    // The helper alone, under a parent that reports its children's peak resident memory.
    let helper = SpotterBinary.executable.deletingLastPathComponent().appendingPathComponent("spotter-http")
    let request =
      "{\"url\": \"\(server.url)/v1/workouts?page=1&pageSize=10\", \"headers\": {\"api-key\": \"\(HevyServer.key)\"}, \"timeout\": 60, \"maximumBytes\": 8388608}"
    let probe = """
      import resource, subprocess, sys
      out = subprocess.run([sys.argv[1]], input=sys.argv[2].encode(), capture_output=True).stdout
      print(len(out), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let measured = try await SpotterBinary.run(
      program: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", probe, helper.path, request],
      environment: ProcessInfo.processInfo.environment)
    let figures = measured.stdout.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(figures.count == 2, "\(measured.stdout) \(measured.stderr)")
    // The answer is "too large" as soon as 8 MiB are in: well under 100 MB, against 1.2 GB when
    // the body was gathered whole first.
    #expect((figures.last ?? .max) < 100_000, "peak \(figures.last ?? -1) kB")
  }
}
