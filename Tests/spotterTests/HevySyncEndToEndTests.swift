import Foundation
import Testing
import _SpotterTestSupport

/// `spotter sync`, and `run`, `fire` and `catch-up` with a live source, against a local server
/// that speaks Hevy's published API: pages, events, deletions, a refused key, rate limits, server
/// errors, a body that is not JSON and a server too slow to wait for.
@Suite struct HevySyncEndToEndTests {
  let evening = "2026-11-22T21:30:00+01:00"
  let uid = "workout-reminder-2026-11-23@spotter"

  func sandbox(_ server: HevyServer, keyLine: String? = nil) throws -> Sandbox {
    try Sandbox(
      extra: "[hevy]\nurl = \"\(server.url)\"\n" + (keyLine ?? "api_key = \"\(HevyServer.key)\"") + "\n")
  }

  /// Every session of the store as `id|fingerprint`, sets included, sorted.
  func sessions(_ box: Sandbox) async throws -> [String] {
    guard FileManager.default.fileExists(atPath: box.db) else { return [] }
    return try await SpotterBinary.sqlite(box.db, "SELECT id || '|' || fingerprint FROM session ORDER BY id")
      .split(separator: "\n").map(String.init)
  }

  /// 23 workouts, three pages of ten: Mondays, Wednesdays and Fridays at 18:00 Berlin.
  static func history() -> [[String: Any]] {
    let formatter = ISO8601DateFormatter()
    let first = formatter.date(from: "2026-09-07T17:00:00Z")!
    var workouts: [[String: Any]] = []
    for week in 0..<8 {
      for offset in [0, 2, 4] where workouts.count < 23 {
        let start = formatter.string(from: first.addingTimeInterval(Double(week * 7 + offset) * 86400))
        workouts.append(HevyServer.workout(id: "w\(workouts.count)", start: start))
      }
    }
    return workouts.reversed()
  }

  /// One set of `877777` reps, which the app accepted, in one of 23 workouts costs that set: the
  /// server sends the workout every night, and it stopped every sync (65) for good.
  @Test func aTypoInAWorkoutCostsOneSetNotTheSync() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    var workouts = Self.history()
    workouts[5] = HevyServer.workout(
      id: "w17", start: workouts[5]["start_time"] as! String,
      lifts: [("Bench Press (Barbell)", [(100, 5), (100, 877_777), (100, 5)])])
    try server.set(workouts: workouts)
    let synced = try await box.spotter(["sync"], now: evening)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stdout.contains("23 workouts: 23 new"), "\(synced.stdout)")
    #expect(
      synced.stderr.contains(
        "/v1/workouts workout 'w17':1: column 'exercises[0].sets[2].reps': invalid reps (a whole number from 0 to 9999) '877777.0'; the set is left out, its workout kept"
      ), "\(synced.stderr)")
    await #expect(try sessions(box).count == 23)

    // A workout that can be no session (its phone's clock in 1969) is left out and said; the
    // others are kept, where it stopped the sync.
    let other = try sandbox(server)
    workouts[7] = HevyServer.workout(id: "w15", start: "1969-12-31T10:00:00Z")
    try server.set(workouts: workouts)
    let partly = try await other.spotter(["sync"], now: evening)
    #expect(partly.status == 0, "\(partly.stderr)")
    #expect(
      partly.stderr.contains(
        "/v1/workouts workout 'w15':1: field 'start_time': date out of range (1970 to 2099) '1969-12-31T10:00:00Z'; the workout is left out"
      ), "\(partly.stderr)")
    await #expect(try sessions(other).count == 22)
  }

  @Test func theFirstSyncReadsEveryWorkoutAndLaterOnesOnlyTheChanges() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    var workouts = Self.history()
    try server.set(workouts: workouts)
    let first = try await box.spotter(["sync"], now: evening)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout
        == "synced hevy: first sync, 23 workouts: 23 new, 0 updated, 0 unchanged, 0 duplicates, 0 deleted\n")
    // The pages, then the newest events: a deletion among them would mean a reading again.
    #expect(
      server.requests
        == (1...3).map { "GET /v1/workouts?page=\($0)&pageSize=10 key-ok" }
        + ["GET /v1/workouts/events?page=1&pageSize=10&since=2026-11-22T20:25:00Z key-ok"],
      "\(server.requests)")
    await #expect(try sessions(box).count == 23)

    // One workout renamed, one deleted, one new: only the events since the cursor are asked for.
    server.clearRequests()
    let renamed = HevyServer.workout(
      id: "w22", title: "Upper Body", start: "2026-11-06T17:00:00Z", updated: "2026-11-23T10:00:00Z")
    let added = HevyServer.workout(id: "w23", start: "2026-11-23T06:00:00Z", updated: "2026-11-23T07:00:00Z")
    workouts.removeAll { ["w22", "w21"].contains($0["id"] as? String) }
    try server.set(
      workouts: [added, renamed] + workouts,
      events: [
        HevyServer.updated(renamed), HevyServer.deleted("w21", at: "2026-11-23T09:00:00Z"),
        HevyServer.updated(added),
      ])
    let later = try await box.spotter(["sync"], now: "2026-11-23T12:00:00+01:00")
    #expect(later.status == 0, "\(later.stderr)")
    #expect(
      later.stdout == "synced hevy: 3 changes: 2 new, 0 updated, 0 unchanged, 0 duplicates, 1 deleted\n")
    #expect(
      server.requests == ["GET /v1/workouts/events?page=1&pageSize=10&since=2026-11-22T20:25:00Z key-ok"])
    let ids = try await sessions(box).map { String($0.split(separator: "|")[0]) }
    #expect(ids.count == 23)
    // The renamed workout is one session under its new name; the deleted one is gone.
    #expect(!ids.contains { $0.hasPrefix("hevy-2026-11-06T18:00:00-") && $0.hasSuffix("Push") })
    #expect(ids.filter { $0.hasPrefix("hevy-2026-11-06T18:00:00") }.count == 1)
    #expect(!ids.contains { $0.hasPrefix("hevy-2026-11-04T18:00:00") })
    #expect(ids.contains { $0.hasPrefix("hevy-2026-11-23T07:00:00") })
    // Nothing since: the cursor moved past those events.
    let again = try await box.spotter(["sync"], now: "2026-11-23T12:01:00+01:00")
    #expect(
      again.stdout == "synced hevy: 0 changes: 0 new, 0 updated, 0 unchanged, 0 duplicates, 0 deleted\n")
  }

  /// A workout synced and the same workout in a Hevy CSV export are one session with the same
  /// sets, whichever arrives first.
  @Test func aSyncedWorkoutEqualsTheSameWorkoutFromAnExport() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let lifts: [(String, [(Double, Int)])] = [
      ("Bench Press (Barbell)", [(100, 5), (102.5, 3)]), ("Squat", [(140, 5)]),
    ]
    try server.set(workouts: [HevyServer.workout(id: "a1", start: "2026-11-20T17:00:00Z", lifts: lifts)])
    let csv = try SpotterBinary.scratch().appendingPathComponent("hevy.csv").path
    try HistoryWriter.write(
      [HistoryWriter.Session(start: "2026-11-20 18:00", exercises: lifts)], format: "hevy", to: csv)

    let synced = try sandbox(server)
    #expect(try await synced.spotter(["sync"], now: evening).status == 0)
    let imported = try Sandbox()
    #expect(try await imported.spotter(["import", csv], now: evening).status == 0)
    await #expect(try sessions(synced) == sessions(imported))
    await #expect(try sessions(synced).count == 1)
    // Both into one store: no duplicate.
    let both = try await synced.spotter(["import", csv], now: evening)
    #expect(both.stdout.contains("0 new, 0 updated, 1 unchanged"), "\(both.stdout)")
    await #expect(try sessions(synced).count == 1)
  }

  /// Logged on the phone at 07:00 today, and the 08:30 reminder is held back with no import by
  /// hand: `fire` syncs before it decides.
  @Test func aWorkoutLoggedTodayHoldsBackTheReminder() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    #expect(try await box.spotter(["sync"], now: evening).status == 0)
    let run = try await box.spotter(["run"], now: evening, writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("synced hevy: 0 changes"), "\(run.stdout)")
    let today = HevyServer.workout(id: "t1", start: "2026-11-23T06:00:00Z", updated: "2026-11-23T07:05:00Z")
    try server.set(workouts: [today], events: [HevyServer.updated(today)])
    let fired = try await box.spotter(["fire", uid], now: "2026-11-23T08:30:04+01:00")
    #expect(fired.status == 0, "\(fired.stderr)")
    #expect(fired.stdout.contains("already trained today"), "\(fired.stdout)")
    #expect(box.delivered.isEmpty)
  }

  /// Deleted on the phone, gone from the store; a deleted workout silences nothing any more.
  @Test func aDeletedWorkoutDisappears() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    let workout = HevyServer.workout(id: "d1", start: "2026-11-21T09:00:00Z")
    try server.set(workouts: [workout])
    #expect(try await box.spotter(["sync"], now: evening).status == 0)
    await #expect(try sessions(box).count == 1)
    try server.set(events: [HevyServer.deleted("d1", at: "2026-11-22T21:00:00Z")])
    let result = try await box.spotter(["sync"], now: "2026-11-22T21:40:00+01:00")
    #expect(result.stdout.contains("1 deleted"), "\(result.stdout)")
    await #expect(try sessions(box).isEmpty)
  }

  /// A workout deleted on the phone while the first sync reads its pages moves the next one onto
  /// the page already read: it was missed for good (no event names it), and the night after
  /// the deletion's event the store held one workout less than the account.
  @Test func aWorkoutDeletedWhileTheFirstSyncReadsMissesNoOther() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    let workouts = Self.history()
    try server.set(
      workouts: workouts, deleteAfter: ["page": 1, "id": "w20", "deleted_at": "2026-11-22T20:29:00Z"])
    let first = try await box.spotter(["sync"], now: evening)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("deleted while they were read; reading them again"), "\(first.stderr)")
    await #expect(try sessions(box).count == 22, "\(first.stdout)")
    let second = try await box.spotter(["sync"], now: "2026-11-22T21:45:00+01:00")
    #expect(second.status == 0, "\(second.stderr)")
    await #expect(try sessions(box).count == 22, "\(second.stdout)")
  }

  /// A machine clock two days ahead of the server's: the cursor follows the server's `Date`, so
  /// a workout changed since, before our clock's time, is read by the next sync. The cursor was
  /// our clock less five minutes, and such a change was never asked for.
  @Test func aClockAheadOfTheServersMissesNoChange() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    try server.set(workouts: [HevyServer.workout(id: "a1", start: "2026-11-21T09:00:00Z")])
    let formatter = ISO8601DateFormatter()
    let ahead = Date().addingTimeInterval(2 * 86400)
    let first = try await box.spotter(["sync"], now: formatter.string(from: ahead))
    #expect(first.status == 0, "\(first.stderr)")
    // Logged on the phone now, by the server's clock: after its cursor, before our clock.
    let now = formatter.string(from: Date())
    let logged = HevyServer.workout(id: "a2", start: "2026-11-22T09:00:00Z", updated: now)
    try server.set(
      workouts: [HevyServer.workout(id: "a1", start: "2026-11-21T09:00:00Z"), logged],
      events: [HevyServer.updated(logged)])
    let later = try await box.spotter(["sync"], now: formatter.string(from: ahead.addingTimeInterval(600)))
    #expect(later.status == 0, "\(later.stderr)")
    await #expect(try sessions(box).count == 2, "\(later.stdout) \(server.requests)")
  }

  /// The look at the newest events after a first sync's pages is a safety net: a server that
  /// answers it 404 still gets its first sync, as before the look.
  @Test func aFirstSyncNeedsNoEventsFeed() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    try server.set(workouts: Array(Self.history().prefix(12)), noEvents: true)
    let first = try await box.spotter(["sync"], now: evening)
    #expect(first.status == 0, "\(first.stderr)")
    await #expect(try sessions(box).count == 12)
    #expect(server.requests.last?.hasPrefix("GET /v1/workouts/events?") == true, "\(server.requests)")
  }

  /// A server that counts 10,000 pages and sends empty ones after the first is asked no further:
  /// every one of them was asked for, until the sync's two minutes ran out.
  @Test func emptyPagesEndTheReadingWhateverTheCount() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    try server.set(workouts: Array(Self.history().prefix(3)), pageCount: 10_000)
    let first = try await box.spotter(["sync"], now: evening)
    #expect(first.status == 0, "\(first.stderr)")
    await #expect(try sessions(box).count == 3)
    #expect(server.requests.filter { $0.hasPrefix("GET /v1/workouts?") }.count == 2, "\(server.requests)")
    server.clearRequests()
    let later = try await box.spotter(["sync"], now: "2026-11-22T21:45:00+01:00")
    #expect(later.status == 0, "\(later.stderr)")
    #expect(server.requests.count == 1, "\(server.requests)")
  }

  /// Of an update and a deletion of one workout, the later wins: told by their instants whatever
  /// offset each is written with (a comparison of their text put `21:00+01:00` after `20:30Z`),
  /// and by the feed's order, newest first, when they tie (the older word won).
  @Test(arguments: [
    ("2026-11-22T21:00:00+01:00", "2026-11-22T20:30:00Z", false, true),
    ("2026-11-22T20:40:00Z", "2026-11-22T21:35:00+01:00", true, false),
    ("2026-11-22T20:30:00Z", "2026-11-22T20:30:00Z", true, true),
    ("2026-11-22T20:30:00Z", "2026-11-22T20:30:00Z", false, false),
  ])
  func theLaterWordOnAWorkoutWins(updated: String, deleted: String, deletionListedFirst: Bool, gone: Bool)
    async throws
  {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    try server.set(workouts: [HevyServer.workout(id: "d1", start: "2026-11-21T09:00:00Z")])
    #expect(try await box.spotter(["sync"], now: evening).status == 0)
    let update = HevyServer.updated(
      HevyServer.workout(id: "d1", title: "Pull Day", start: "2026-11-21T09:00:00Z", updated: updated))
    let deletion = HevyServer.deleted("d1", at: deleted)
    // The stand-in lists events by their stamps' text, newest first, and equal ones as given.
    try server.set(events: deletionListedFirst ? [deletion, update] : [update, deletion])
    let result = try await box.spotter(["sync"], now: "2026-11-22T21:40:00+01:00")
    #expect(result.status == 0, "\(result.stderr)")
    await #expect(try sessions(box).count == (gone ? 0 : 1), "\(result.stdout)")
  }

  /// A refused key exits 77 and changes nothing; the key is never printed, logged or stored.
  @Test func aWrongKeyExits77AndChangesNothing() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    try server.set(workouts: [HevyServer.workout(id: "k1", start: "2026-11-21T09:00:00Z")])
    #expect(try await box.spotter(["sync"], now: evening).status == 0)
    let before = try await sessions(box)
    let cursor = try await SpotterBinary.sqlite(
      box.db, "SELECT value FROM setting WHERE key = 'live.hevy.cursor'")
    let wrongKey = "wrong-key-8c2d41aa90"
    let wrong = try sandbox(server, keyLine: "api_key = \"\(wrongKey)\"")
    try FileManager.default.copyItem(atPath: box.db, toPath: wrong.db)
    let refused = try await wrong.spotter(["sync"], now: "2026-11-23T08:00:00+01:00")
    #expect(refused.status == 77, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("HTTP 401: the API key was refused ('Unauthorized: invalid api-key')"),
      "\(refused.stderr)")
    await #expect(try sessions(wrong) == before)
    #expect(
      try await SpotterBinary.sqlite(wrong.db, "SELECT value FROM setting WHERE key = 'live.hevy.cursor'")
        == cursor
    )
    // The nightly run goes on from the store, and says why it failed, key unsaid.
    let run = try await wrong.spotter(["run"], now: "2026-11-23T21:30:00+01:00", writes: true)
    #expect(run.status == 77)
    #expect(FileManager.default.fileExists(atPath: wrong.out + "/spotter.ics"))
    let everything =
      [refused.stdout, refused.stderr, run.stdout, run.stderr].joined()
      + (SpotterBinary.runLogs())
    #expect(!everything.contains(wrongKey) && !everything.contains(HevyServer.key))
    let store = try Data(contentsOf: URL(fileURLWithPath: wrong.db))
    #expect(store.range(of: Data(wrongKey.utf8)) == nil)
  }

  /// A key file readable by others is warned about; a key file that is a planted link is refused.
  @Test func aKeyFileIsReadSafely() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let dir = try SpotterBinary.scratch()
    let file = dir.appendingPathComponent("hevy.key").path
    try (HevyServer.key + "\n").write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o644)
    let box = try sandbox(server, keyLine: "api_key_file = \"\(file)\"")
    let shared = try await box.spotter(["sync"], now: evening)
    #expect(shared.status == 0, "\(shared.stderr)")
    #expect(shared.stderr.contains("can be read by other users; it holds your Hevy API key: chmod 600"))
    chmod(file, 0o600)
    let quiet = try await box.spotter(["sync"], now: evening)
    #expect(quiet.status == 0 && !quiet.stderr.contains("chmod"), "\(quiet.stderr)")
    let link = dir.appendingPathComponent("link.key").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    let linked = try sandbox(server, keyLine: "api_key_file = \"\(link)\"")
    let refused = try await linked.spotter(["sync"], now: evening)
    #expect(refused.status == 74 && refused.stderr.contains("a symbolic link"), "\(refused.stderr)")
    // Saved by Windows' Notepad, with a byte-order mark: the key all the same.
    try ("\u{FEFF}" + HevyServer.key + "\r\n").write(toFile: file, atomically: false, encoding: .utf8)
    let marked = try await box.spotter(["sync"], now: evening)
    #expect(marked.status == 0, "\(marked.stderr)")
    // A character no key has is named by its place, and the key is not shown.
    try (HevyServer.key + "\u{7}x").write(toFile: file, atomically: false, encoding: .utf8)
    let bell = try await box.spotter(["sync"], now: evening)
    #expect(bell.status == 74 && bell.stderr.contains("U+0007 at character 25"), "\(bell.stderr)")
    #expect(!bell.stderr.contains(HevyServer.key))
    // The environment's key, when the config names none.
    let fromEnvironment = try sandbox(server, keyLine: "")
    let result = try await fromEnvironment.spotter(
      ["sync"], now: evening, environment: ["HEVY_API_KEY": HevyServer.key])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// Rate limits are waited out a few times; a long Retry-After, a server that keeps failing and a
  /// body that is not JSON fail with their own codes and keep nothing.
  @Test func rateLimitsServerErrorsAndBadBodies() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    let workouts = [HevyServer.workout(id: "r1", start: "2026-11-21T09:00:00Z")]
    try server.set(workouts: workouts, fail: ["status": 429, "times": 2, "retry_after": "0"])
    let waited = try await box.spotter(["sync"], now: evening)
    #expect(waited.status == 0, "\(waited.stderr)")
    #expect(server.requests.count == 4)

    let fresh = try sandbox(server)
    try server.set(workouts: workouts, fail: ["status": 429, "times": 1, "retry_after": "3600"])
    let limited = try await fresh.spotter(["sync"], now: evening)
    #expect(limited.status == 75 && limited.stderr.contains("rate limited for 3600 s"), "\(limited.stderr)")
    try server.set(workouts: workouts, fail: ["status": 503, "times": -1, "body": "upstream down"])
    let down = try await fresh.spotter(["sync"], now: evening)
    #expect(
      down.status == 69 && down.stderr.contains("HTTP 503: server error ('upstream down')"), "\(down.stderr)")
    try server.set(workouts: workouts, malformed: true)
    let garbled = try await fresh.spotter(["sync"], now: evening)
    #expect(garbled.status == 65, "\(garbled.stderr)")
    #expect(
      garbled.stderr.contains("/v1/workouts?page=1&pageSize=10:1: field '(response)': not JSON"),
      "\(garbled.stderr)")
    await #expect(try sessions(fresh).isEmpty)
  }

  /// A source too slow to answer costs `fire` a few seconds, not the reminder: it is delivered,
  /// and the history says the source was not reached.
  @Test func aSlowSourceNeverCostsAReminder() async throws {
    let server = try HevyServer()
    defer { server.stop() }
    let box = try sandbox(server)
    #expect(try await box.spotter(["sync"], now: evening).status == 0)
    #expect(try await box.spotter(["run"], now: evening, writes: true).status == 0)
    try server.set(delay: 120)
    // The stand-in would answer after 120 s; fire gives it 4 s. The bound sits far from both, so
    // that a loaded machine (one busy core: 15.6 s) cannot fail it, and waiting for the answer
    // still would.
    let started = Date()
    let fired = try await box.spotter(["fire", uid], now: "2026-11-23T08:30:04+01:00")
    #expect(fired.status == 0, "\(fired.stderr)")
    #expect(Date().timeIntervalSince(started) < 60)
    #expect(box.delivered.count == 1)
    let history = try await box.spotter(["history", "--json"], now: "2026-11-23T08:31:00+01:00")
    #expect(history.stdout.contains("live source not reached"), "\(history.stdout)")
    // Asked at most once every few minutes: a catch-up two minutes later does not ask again.
    let asked = server.requests.count
    _ = try await box.spotter(["catch-up"], now: "2026-11-23T08:32:00+01:00")
    #expect(server.requests.count == asked)
  }
}
