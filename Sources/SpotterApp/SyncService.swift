import Foundation
import SpotterCore
import SpotterIO

/// Keeps the store fresh from a live source, Hevy's API: `spotter sync`, the nightly run before
/// it learns, and `fire` and `catch-up` before they decide "trained today".
///
/// The first sync pages through every workout; later ones read the events since the stored
/// cursor. Everything is read before anything is kept, and then kept in one transaction, so a
/// failure half-way changes nothing.
public struct SyncService: Sendable {
  public let workspace: Workspace

  public init(workspace: Workspace) {
    self.workspace = workspace
  }

  /// How hard a sync tries.
  public enum Effort: Sendable {
    /// `spotter sync` and the nightly run: retries, and up to two minutes.
    case thorough
    /// `fire` and `catch-up`: one try of a few seconds, at most once every few minutes, and
    /// only once a first sync has been made.
    case quick
  }

  /// The source's name in the store and in messages.
  static let source = "hevy"
  /// How long a quick sync waits for the source, in all.
  static let quickSeconds: TimeInterval = 4
  /// How long a thorough sync may take, in all.
  static let thoroughSeconds: TimeInterval = 120
  /// A quick sync is skipped when one was tried this recently.
  static let quickEverySeconds: TimeInterval = 300
  /// The cursor is set this far before the sync began: an event stamped by a server clock a little
  /// behind ours is read again rather than missed, and reading one twice changes nothing.
  static let cursorMargin: TimeInterval = 300
  static let attemptKey = "live.hevy.tried_at"

  /// Whether a live source is configured.
  public var isConfigured: Bool { workspace.settings.hevy != nil }

  /// Syncs; nil when a quick sync had nothing to do (no source, tried recently, or never synced
  /// in full). Throws when the source fails, leaving the store as it was.
  public func sync(_ effort: Effort = .thorough) throws -> SyncReport? {
    guard let settings = workspace.settings.hevy else {
      if effort == .quick { return nil }
      throw SpotterAppError.invalidOption(
        option: "[hevy]", value: "",
        reason: Phrase(
          "no live source is configured: run `spotter init --force --hevy-key-file FILE` (it keeps your other "
            + "settings), or add a [hevy] table with api_key_file (README, \"Live data from Hevy\")",
          de:
            "keine Live-Quelle eingerichtet: `spotter init --force --hevy-key-file DATEI` (behält deine übrigen "
            + "Einstellungen), oder eine [hevy]-Tabelle mit api_key_file anlegen (README, \"Live data from Hevy\")"
        ))
    }
    let (cursor, attempt) = try workspace.store.read {
      (try $0.liveCursor(Self.source), try $0.setting(Self.attemptKey))
    }
    if effort == .quick {
      guard cursor != nil else { return nil }
      if let text = attempt, let last = Double(text),
        workspace.now.timeIntervalSince1970 - last < Self.quickEverySeconds,
        workspace.now.timeIntervalSince1970 >= last
      {
        return nil
      }
    }
    let key = try apiKey(settings)
    let breaker = workspace.options.syncBreaker
    if let breaker, !breaker.allows(settings.url) { throw SyncBreaker.notTried(settings.url) }
    do {
      let report = try sync(settings, key: key, cursor: cursor, effort: effort)
      breaker?.record(settings.url, reachable: true)
      return report
    } catch let error as SpotterIOError {
      if case .liveSource(_, _, let reason) = error {
        // Out of time while the server answered is a long history, not a server that is down.
        breaker?.record(
          settings.url, reachable: error.exitCode != .unavailable || reason == HevyClient.outOfTime)
      }
      // The last word on the key: whatever message the server's bytes went into, it is not shown.
      throw error.redacting(SecretRedactor(secret: key))
    }
  }

  private func sync(_ settings: HevySettings, key: String, cursor: String?, effort: Effort) throws
    -> SyncReport
  {
    let seconds = effort == .quick ? Self.quickSeconds : Self.thoroughSeconds
    let client = HevyClient(
      baseURL: settings.url, apiKey: key, helper: helperPath,
      requestTimeout: effort == .quick ? Self.quickSeconds : 15,
      attempts: effort == .quick ? 1 : 4, deadline: Date().addingTimeInterval(seconds))
    if effort == .quick {
      // Tried, whatever comes of it: an unreachable source is not asked again at every fire.
      try workspace.store.write(existing: true) {
        try $0.setSetting(Self.attemptKey, "\(workspace.now.timeIntervalSince1970)")
      }
    }
    let mapper = HevySessionMapper(clock: workspace.clock)
    // One typo in a workout (877777 reps, which the app accepted) costs its set, not the sync,
    // and a workout that can be no session (no start, a date out of range) costs itself: the
    // server sends such a workout again every night, and it stopped every sync for good.
    var findings = ImportFindings()
    var upserts: [(remoteID: String, session: PackedSession)] = []
    var deletes: [String] = []
    var received = 0
    // The cursor is our clock, or the server's when ours is ahead of it: a clock set a day
    // ahead, then put right, kept a cursor of tomorrow, and every change made before then was
    // never asked for. The earliest `Date` the server sent is its clock.
    var serverClock: Date?
    func heard(_ page: HevyPage) -> HevyPage {
      if let date = page.serverDate { serverClock = min(serverClock ?? date, date) }
      return page
    }
    func cursorNow() -> String { Self.cursor(before: min(workspace.now, serverClock ?? workspace.now)) }
    if let cursor {
      // The latest word on each workout wins: the later of two instants (`updated_at`,
      // `deleted_at`, read as instants, whatever offset each is written with), else the one the
      // feed gives first, since Hevy lists events newest first.
      var latest: [String: (order: Int, instant: Date?, change: HevyPage.Event)] = [:]
      try pages { page in
        heard(try client.events(since: cursor, page: page))
      } each: { page, number in
        for (index, event) in (page.events ?? []).enumerated() {
          received += 1
          let order = number * HevyClient.pageSize + index
          let (id, stamp) =
            switch event {
            case .updated(let workout): (workout.id, workout.updatedAt)
            case .deleted(let id, let at): (id, at)
            }
          let instant = stamp.flatMap { InstantParser.parse($0, clock: workspace.clock) }
          if let seen = latest[id], !Self.supersedes(instant, order, seen.instant, seen.order) { continue }
          latest[id] = (order, instant, event)
        }
      }
      for (id, entry) in latest.sorted(by: { $0.value.order < $1.value.order }) {
        switch entry.change {
        case .updated(let workout):
          // A workout that can be no session is left out and noted in `findings`.
          guard
            let mapped = try mapper.session(
              workout, where: address(settings, "/v1/workouts/events", id), findings: findings)
          else { continue }
          upserts.append((id, mapped))
        case .deleted: deletes.append(id)
        }
      }
    } else {
      // The first sync reads every workout, hundreds of pages for years of them: said as it goes.
      let progress =
        effort == .thorough
        ? ImportProgress.forSync(environment: workspace.options.environment, words: workspace.words) : nil
      defer { progress?.finish() }
      // A workout deleted while the pages are read moves the one after it onto a page already
      // read, and no event would ever name that one: a deletion the events list after a reading,
      // not listed after the one before, sends the reading round again, at most ``fullPasses``
      // times in all. (One from the minutes before the sync costs one reading more.)
      var deletions: Set<String> = []
      for pass in 1...Self.fullPasses {
        findings = ImportFindings()
        upserts = []
        received = 0
        var seen = Set<String>()
        try pages { page in
          heard(try client.workouts(page: page))
        } each: { page, number in
          progress?.update(
            page: number, of: page.pageCount, workouts: seen.count + (page.workouts?.count ?? 0))
          for workout in page.workouts ?? [] where seen.insert(workout.id).inserted {
            received += 1
            guard
              let mapped = try mapper.session(
                workout, where: address(settings, "/v1/workouts", workout.id), findings: findings)
            else { continue }
            upserts.append((workout.id, mapped))
          }
        }
        guard pass < Self.fullPasses else { break }
        // A look that fails (a server without the events feed, a rate limit) keeps the reading
        // as it is, as a first sync was before the look: it is a safety net, not a need.
        guard let after = try? recentDeletions(client, since: cursorNow()) else { break }
        guard !after.isSubset(of: deletions) else { break }
        // A reading again: said, since it doubles the first sync's requests.
        workspace.notices.add(
          workspace.words.note(
            workspace.words.pick(
              "workouts were deleted while they were read; reading them again",
              "während des Lesens wurden Workouts gelöscht; sie werden erneut gelesen")))
        deletions.formUnion(after)
      }
    }
    let changes = Store.LiveChanges(upserts: upserts, deletes: deletes, cursor: cursorNow())
    // More than a fifth of the workouts unreadable is a server that speaks another shape.
    try findings.check()
    say(
      findings.leftOutWorkouts, ("the workout is left out", "das Workout bleibt weg"),
      more: ("workouts", "Workouts"))
    say(
      findings.impossibleSets,
      ("the set is left out, its workout kept", "der Satz bleibt weg, sein Workout bleibt"),
      more: ("impossible sets", "unmögliche Sätze"))
    CrashPoint.reach("sync-fetched")
    let summary = try workspace.store.write { store in
      try store.applyLive(source: Self.source, changes, expectedCursor: cursor)
    }
    CrashPoint.reach("sync-applied")
    return SyncReport(
      source: Self.source, full: cursor == nil, received: received, summary: summary.imported,
      deleted: summary.deleted, superseded: summary.superseded)
  }

  /// How many times in all a first sync reads every workout, when workouts are deleted while
  /// it reads: a second reading mends one deletion; a third, deletions in quick succession.
  static let fullPasses = 3

  /// The deletions on the first page of events since `since` (the newest ten), each as its id
  /// and stamp.
  private func recentDeletions(_ client: HevyClient, since: String) throws -> Set<String> {
    var deletions = Set<String>()
    for event in try client.events(since: since, page: 1).events ?? [] {
      if case .deleted(let id, let at) = event { deletions.insert(id + " " + (at ?? "")) }
    }
    return deletions
  }

  /// Whether an event at `instant`, `order`th in the feed, is a later word on its workout than
  /// one at `seenInstant`, `seenOrder`th: the later instant when both have one and they differ,
  /// else the one listed first (the feed is newest first). A page that shifts while it is read
  /// lists an event twice; it is the same word.
  static func supersedes(_ instant: Date?, _ order: Int, _ seenInstant: Date?, _ seenOrder: Int) -> Bool {
    if let instant, let seenInstant, instant != seenInstant { return instant > seenInstant }
    return order < seenOrder
  }

  /// Says the first five of what a sync left out, each with what became of it, then how many more.
  private func say(
    _ errors: [SpotterIOError], _ outcome: (en: String, de: String), more: (en: String, de: String)
  ) {
    let words = workspace.words
    for error in errors.prefix(5) {
      let message = ExitStatus.message(for: error, words)
      workspace.notices.add(words.note(words.pick("\(message); \(outcome.en)", "\(message); \(outcome.de)")))
    }
    guard errors.count > 5 else { return }
    workspace.notices.add(
      words.note(
        words.pick(
          "\(errors.count - 5) more \(more.en) left out", "\(errors.count - 5) weitere \(more.de) weggelassen"
        )))
  }

  /// Reads pages 1, 2, … until the last the source counts, or the first that holds nothing,
  /// bounded by ``HevyClient/maximumPages``: a server that counts 10,000 pages and sends empty
  /// ones was asked for every one of them.
  private func pages(_ fetch: (Int) throws -> HevyPage, each: (HevyPage, Int) throws -> Void) throws {
    var number = 1
    while number <= HevyClient.maximumPages {
      let page = try fetch(number)
      try each(page, number)
      guard number < page.pageCount, !(page.workouts ?? []).isEmpty || !(page.events ?? []).isEmpty else {
        return
      }
      number += 1
    }
  }

  /// A workout's place for error messages: the endpoint it came from and its id, never the key.
  private func address(_ settings: HevySettings, _ path: String, _ id: String) -> String {
    "\(settings.url)\(path) workout \(ErrorText.quoted(id))"
  }

  /// The cursor for the next sync: UTC, to the second, a margin before `now`.
  static func cursor(before now: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: now.addingTimeInterval(-cursorMargin))
  }

  /// `spotter-http`, beside the running spotter.
  var helperPath: String {
    let executable = workspace.options.executablePath ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("spotter-http")
      .path
  }

  /// What is said of a key file other users can read, by `init` when it writes the config and by
  /// every sync that reads the key.
  static func sharedKeyFile(_ path: String, _ words: ConsoleWords) -> String {
    words.pick(
      "\(path) can be read by other users; it holds your Hevy API key: chmod 600 \(path)",
      "\(path) können andere Benutzer lesen; die Datei enthält deinen Hevy-API-Schlüssel: chmod 600 \(path)")
  }

  /// The key: the config's `api_key`, else the file `api_key_file` names, else `HEVY_API_KEY`.
  func apiKey(_ settings: HevySettings) throws -> String {
    if let key = settings.apiKey { return key }
    if let file = settings.apiKeyFile {
      let path = workspace.expandingHome(file)
      let (key, shared) = try SecretFile.read(path: path)
      if shared {
        workspace.notices.add(workspace.words.warning(Self.sharedKeyFile(path, workspace.words)))
      }
      return key
    }
    if let key = workspace.options.environment["HEVY_API_KEY"]?.trimmingCharacters(
      in: .whitespacesAndNewlines),
      !key.isEmpty
    {
      return key
    }
    throw SpotterAppError.invalidOption(
      option: "[hevy]", value: "",
      reason: Phrase(
        "no API key: set api_key or api_key_file in [hevy], or HEVY_API_KEY;",
        de: "kein API-Schlüssel: setze api_key oder api_key_file in [hevy], oder HEVY_API_KEY;"))
  }
}
