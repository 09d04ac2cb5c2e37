import Foundation
import GRDB
import SpotterApp
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The nightly job in process: import, plan, reconcile and publish, on a temporary directory.
@Suite struct NightlyRunnerTests {
  let evening = "2026-11-22T21:30:00+01:00"

  @Test func aRunReportsTypedChangesAndARepeatWritesTheSameBytes() throws {
    let box = try AppSandbox()
    let export = try box.strongExport()
    let first = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    #expect(first.imports.first?.summary.added == 33)
    #expect(!first.changes.isEmpty && first.changes.values.allSatisfy { $0 == .new })
    let calendar = try box.read(NightlyRunner.calendarFileName)
    let agenda = try box.read(NightlyRunner.agendaFileName)

    let again = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    #expect(again.unchanged == [export])
    #expect(again.changes.keys.sorted() == first.changes.keys.sorted())
    #expect(again.changes.values.allSatisfy { $0 == .unchanged })
    #expect(try box.read(NightlyRunner.calendarFileName) == calendar)
    #expect(try box.read(NightlyRunner.agendaFileName) == agenda)
  }

  /// An output folder given with a trailing slash (as a shell completes it) is reported as the
  /// files are named, without a doubled slash.
  @Test func theOutputPathsAreReportedWithoutADoubledSlash() throws {
    let box = try AppSandbox()
    let report = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [try box.strongExport()], horizon: .coming(count: 2), outputDirectory: box.out + "//")
    #expect(report.calendarPath == box.out + "/" + NightlyRunner.calendarFileName)
    #expect(report.agendaPath == box.out + "/" + NightlyRunner.agendaFileName)
  }

  /// The config's zone changed from Berlin to Sydney in the afternoon: Monday evening's reminder
  /// in Berlin is dated yesterday in Sydney, where it is Tuesday already, yet it has not started.
  /// It comes out cancelled, its SEQUENCE raised, and stays so until its start, where it simply
  /// went missing (its agenda line gone, a calendar kept its alarm; found by random command
  /// sequences that change the zone).
  @Test func aReminderAChangeOfZoneDatesIntoThePastIsCancelledUntilItStarts() throws {
    let box = try AppSandbox(
      config:
        "timezone = \"Europe/Berlin\"\n[reminders]\npreferred_time = \"21:00\"\n[program]\nmon = \"Push Day\"\ntue = \"Pull Day\"\n"
    )
    let monday = "workout-reminder-2026-11-23@spotter"
    _ = try NightlyRunner(workspace: try box.workspace(at: "2026-11-23T08:00:00+01:00")).run(
      histories: [], horizon: .coming(count: 2), outputDirectory: box.out)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("UID:\(monday)"))
    #expect(try box.read(NightlyRunner.calendarFileName).contains("UID:workout-reminder-2026-11-24@spotter"))
    try
      "timezone = \"Australia/Sydney\"\n[reminders]\npreferred_time = \"21:00\"\n[program]\nmon = \"Push Day\"\ntue = \"Pull Day\"\n"
      .write(toFile: box.config, atomically: false, encoding: .utf8)
    // 16:00 in Berlin, Tuesday 02:00 in Sydney; Monday's reminder starts at 21:00 Berlin. A
    // command that revises without planning (a snooze of Tuesday's) carries it as it is.
    _ = try ReminderActionService(
      workspace: try box.workspace(at: "2026-11-23T15:59:00+01:00"), outputDirectory: box.out
    ).snooze(uid: "workout-reminder-2026-11-24@spotter", seconds: 600)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("UID:\(monday)"))
    let moved = try NightlyRunner(workspace: try box.workspace(at: "2026-11-23T16:00:00+01:00")).run(
      histories: [], horizon: .coming(count: 1), outputDirectory: box.out)
    #expect(moved.changes[monday] == .cancelled, "\(moved.changes)")
    let calendar = try box.read(NightlyRunner.calendarFileName)
    let event = try #require(
      calendar.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("UID:\(monday)") })
    #expect(event.contains("STATUS:CANCELLED") && event.contains("SEQUENCE:1"), "\(event)")
    #expect(!(try box.read(NightlyRunner.agendaFileName)).contains(monday))
    let again = try NightlyRunner(workspace: try box.workspace(at: "2026-11-23T20:59:00+01:00")).run(
      histories: [], horizon: .coming(count: 1), outputDirectory: box.out)
    #expect(again.changes[monday] == .unchanged)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("UID:\(monday)"))
    _ = try NightlyRunner(workspace: try box.workspace(at: "2026-11-23T21:01:00+01:00")).run(
      histories: [], horizon: .coming(count: 1), outputDirectory: box.out)
    #expect(!(try box.read(NightlyRunner.calendarFileName)).contains("UID:\(monday)"))
  }

  /// A clock with seconds, just after midnight: nothing hangs, today is planned from now on.
  @Test func aClockWithSecondsJustAfterMidnightPlansTheComingDays() throws {
    let box = try AppSandbox()
    let report = try NightlyRunner(workspace: try box.workspace(at: "2026-11-23T00:00:37+01:00")).run(
      histories: [try box.strongExport()], horizon: .coming(count: 1), outputDirectory: box.out)
    #expect(report.horizon.start <= LocalDate(parsing: "2026-11-24")!)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("BEGIN:VCALENDAR"))
  }

  /// Commands tell the history's age from their snapshot, not a query of their own: the
  /// snapshot's newest completed start is what SQL says of the store, with marks either way, two
  /// sessions at one start and sessions dated after now.
  @Test func theSnapshotsNewestCompletedStartIsTheStores() throws {
    let box = try AppSandbox()
    let store = try Store(path: box.db)
    let clock = TestZones.berlinClock
    let now = clock.instant(TestZones.date("2026-11-22"), LocalTime(hour: 21, minute: 30))
    func session(_ id: String, _ date: String, hour: Int, _ state: SessionState) -> Session {
      let start = clock.instant(TestZones.date(date), LocalTime(hour: hour, minute: 0))
      return Session(
        id: id, source: .json, workoutName: "Push Day", start: start, end: start.addingTimeInterval(3600),
        state: state)
    }
    let sessions = [
      session("a", "2026-11-16", hour: 18, .completed), session("b", "2026-11-18", hour: 18, .completed),
      session("b2", "2026-11-18", hour: 18, .active), session("c", "2026-11-20", hour: 7, .active),
      session("d", "2026-11-21", hour: 18, .completed), session("e", "2026-11-23", hour: 18, .completed),
    ]
    _ = try store.importBatches([sessions.map(PackedSession.init)])
    // The newest completed start by now, as SQL reads it from the rows and their marks.
    func newestInSQL() throws -> Date? {
      try store.read { db in
        try Double.fetchOne(
          db,
          sql: """
            SELECT started_at FROM session LEFT JOIN session_mark ON session_id = id
            WHERE started_at <= ? AND COALESCE(session_mark.state, session.state) = ?
            ORDER BY started_at DESC LIMIT 1
            """,
          arguments: [now.timeIntervalSince1970, SessionState.completed.rawValue]
        ).map { Date(timeIntervalSince1970: $0) }
      }
    }
    func agree(_ expected: String?, _ note: Comment) throws {
      let snapshot = try PlanSnapshot(
        store: store, first: TestZones.date("2026-11-22"), now: now, clock: clock)
      #expect(snapshot.newestCompletedStart == (try newestInSQL()), note)
      #expect(
        snapshot.newestCompletedStart == expected.flatMap { id in sessions.first { $0.id == id } }?.start,
        note)
    }
    let findings = RunFindings(achievements: [], abandoned: [], at: now)
    try agree("d", "as imported: the future e left out")
    try store.mark("d", state: .abandoned, at: now, records: [], findings: findings)
    try agree("b", "d marked abandoned")
    try store.mark("c", state: .completed, at: now, records: [], findings: findings)
    try agree("c", "c marked completed")
    for id in ["a", "b", "c"] {
      try store.mark(id, state: .abandoned, at: now, records: [], findings: findings)
    }
    try agree(nil, "none completed by now")
    try store.mark("b2", state: .completed, at: now, records: [], findings: findings)
    try agree("b2", "b2 marked completed, its twin at that start abandoned")
  }

  /// The night's plan of `box`, and whether its snapshot read the stored achievements.
  func plan(_ box: AppSandbox) throws -> (outcome: PlanOutcome, read: Bool) {
    let workspace = try box.workspace(at: evening)
    var read = false
    let outcome = try workspace.store.read { store in
      try NightlyRunner(workspace: workspace).plan(store: store, request: .coming(count: 2)) {
        read = !$0.achievementsUnread
      }
    }
    return (outcome, read)
  }

  /// The stored achievements' keys and cursor state are read only when detection may find
  /// something: an unchanged night leaves them unread, and a night that must detect all the same
  /// (an old session edited, so detection replays from the start) is planned again with them,
  /// finding none new.
  @Test func storedAchievementsAreReadOnlyWhenNeededAndAReplayFindsNoneNew() throws {
    let box = try AppSandbox()
    let export = try box.strongExport()
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    let stored = try box.workspace(at: evening).store.read { try $0.achievements() }
    #expect(!stored.isEmpty)
    let unchanged = try plan(box)
    #expect(!unchanged.read && !unchanged.outcome.needsStoredAchievements)
    #expect(unchanged.outcome.findings.achievementCursor == nil)
    #expect(unchanged.outcome.findings.achievements.isEmpty)

    // The first session's first set a little heavier: its digest, and every one after it, moves.
    try importFirstSetHeavier(box, export)
    let replay = try plan(box)
    // The snapshot left them unread (the cursor's count still matched), so the plan was made
    // again with them: nothing stored is found as new, and the replayed cursor is saved.
    #expect(!replay.read)
    #expect(!replay.outcome.needsStoredAchievements)
    #expect(replay.outcome.findings.achievements.isEmpty)
    let cursor = try #require(replay.outcome.findings.achievementCursor)
    #expect(cursor.sessions == 33 && !cursor.state.weightMarks.isEmpty)
  }

  /// Rewrites `export` (`examples/strong.csv`'s sessions) with its first session's first set
  /// 2.5 kg heavier, and imports it into `box`'s store.
  func importFirstSetHeavier(_ box: AppSandbox, _ export: String) throws {
    let text = try String(contentsOfFile: export, encoding: .utf8)
    let line = "2026-08-24 17:59:14,\"Push Day\",1h 14m,\"Bench Press (Barbell)\",W,30.0,8"
    #expect(text.contains(line))
    try text.replacingOccurrences(of: line, with: line.replacingOccurrences(of: ",W,30.0,", with: ",W,32.5,"))
      .write(toFile: export, atomically: false, encoding: .utf8)
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).importHistories([export])
  }

  /// The night's plan of `box` as ``NightlyRunner/plan(store:request:overrides:reading:)`` makes
  /// it, checked against a plan from a snapshot with every session's sets; the sessions whose
  /// sets its snapshot read, and whether a plan from that snapshot alone asked for more.
  func planWithNeededSets(_ box: AppSandbox, _ note: Comment) throws -> (
    withSets: Set<String>?, askedForAll: Bool
  ) {
    let workspace = try box.workspace(at: evening)
    let request = HorizonRequest.coming(count: 2)
    return try workspace.store.read { store in
      var seen: PlanSnapshot?
      let outcome = try NightlyRunner(workspace: workspace).plan(store: store, request: request) { seen = $0 }
      let planner = RunPlanner(settings: workspace.settings, now: workspace.now, clock: workspace.clock)
      var full = try PlanSnapshot(
        store: store, first: planner.firstDay(of: request), now: workspace.now, clock: workspace.clock)
      var expected = planner.plan(full, request: request)
      if expected.needsStoredAchievements {
        try full.readStoredAchievements(from: store)
        expected = planner.plan(full, request: request)
      }
      #expect(full.withSets == nil, note)
      #expect(!outcome.needsSets && !expected.needsSets, note)
      #expect(outcome.records == expected.records, note)
      #expect(outcome.findings == expected.findings, note)
      #expect(outcome.followUps.map(\.uid) == expected.followUps.map(\.uid), note)
      let snapshot = try #require(seen)
      return (snapshot.withSets, planner.plan(snapshot, request: request).needsSets)
    }
  }

  /// A night reads the sets of only the sessions its follow-ups may read: none when nothing is
  /// new, a new session's, an unfinished one's. Whatever it reads, it plans what a read of every
  /// set plans, and a night that needs more (an old session edited, so detection replays from
  /// the start) reads them all.
  @Test func aNightReadsOnlyTheSetsItNeedsAndPlansAsWithEverySet() throws {
    let box = try AppSandbox()
    let export = try box.strongExport()
    func run() throws {
      _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
        histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    }
    try run()
    let unchanged = try planWithNeededSets(box, "nothing new")
    #expect(unchanged.withSets == [] && !unchanged.askedForAll)

    // Monday's Push Day, after the last session: only its sets are read.
    var text = try String(contentsOfFile: export, encoding: .utf8)
    text += "2026-11-16 17:58:00,\"Push Day\",1h,\"Bench Press (Barbell)\",1,70.0,8,0,0.0,\"\",\"\",\n"
    try text.write(toFile: export, atomically: false, encoding: .utf8)
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).importHistories([export])
    let sessions = try box.workspace(at: evening).store.read { try $0.sessions() }
    let monday = try #require(sessions.last)
    #expect(
      monday.start
        == TestZones.berlinClock.instant(TestZones.date("2026-11-16"), LocalTime(hour: 17, minute: 58)))
    let added = try planWithNeededSets(box, "a new session")
    #expect(added.withSets == [monday.id] && !added.askedForAll)
    try run()
    #expect(try planWithNeededSets(box, "nothing new since").withSets == [])

    // The first session's first set a little heavier: detection replays from the start.
    try importFirstSetHeavier(box, export)
    let edited = try planWithNeededSets(box, "an old session edited")
    #expect(edited.withSets == [] && edited.askedForAll)
    try run()

    // An old session marked paused: its sets are read for the paused-workout reminder, and its
    // leaving the completed sessions replays detection, which reads them all.
    let paused = sessions[sessions.count / 2].id
    try Store(path: box.db).mark(
      paused, state: .paused,
      at: TestZones.berlinClock.instant(TestZones.date("2026-11-22"), LocalTime(hour: 12, minute: 0)),
      records: [], findings: RunFindings(achievements: [], abandoned: [], at: Date(timeIntervalSince1970: 0)))
    let marked = try planWithNeededSets(box, "a session marked paused")
    #expect(marked.withSets == [paused] && marked.askedForAll)
    #expect(try plan(box).outcome.followUps.contains { $0.kind == .pausedWorkout && $0.entity == paused })
  }

  /// A night whose stored achievements were left unread must detect all the same when an
  /// achievement setting changed (their cursor's digest names them), and detecting again from
  /// the start needs every set: it reads both and plans as with everything (found by
  /// `bench/identical`: a changed weekly target did this, and the night's follow-ups vanished).
  @Test func aReplayOfAchievementsLeftUnreadReadsEverySetToo() throws {
    let config = "timezone = \"Europe/Berlin\"\n[program]\nmon = \"Push Day\"\n"
    let box = try AppSandbox(config: config)
    let export = try box.strongExport()
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    try (config + "[achievements]\nvolume = false\n").write(
      toFile: box.config, atomically: false, encoding: .utf8)
    #expect(try planWithNeededSets(box, "an achievement setting changed").withSets == [])
  }

  /// While a plateau is current, a night reads the sets of the sessions its suggestion samples
  /// (the last six of each workout and of each weekday), and no more: here the last 18 of seven
  /// weeks of Monday, Wednesday and Friday squats at one weight.
  @Test func aCurrentPlateauReadsTheSetsOfTheSessionsItsSuggestionSamples() throws {
    let box = try AppSandbox()
    var days: [(LocalDate, Int)] = []
    var day = TestZones.date("2026-10-05")
    while day < TestZones.date("2026-11-22") {
      if [.monday, .wednesday, .friday].contains(day.weekday) { days.append((day, 18 * 60)) }
      day = day.adding(days: 1)
    }
    let export = try box.strongExport(days)
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [export], horizon: .coming(count: 2), outputDirectory: box.out)
    let sessions = try box.workspace(at: evening).store.read { try $0.sessions() }
    #expect(sessions.count == 21)
    let night = try planWithNeededSets(box, "a current plateau")
    #expect(night.withSets == Set(sessions.suffix(18).map(\.id)) && !night.askedForAll)
    let outcome = try plan(box).outcome
    #expect(outcome.followUps.contains { $0.kind == .overload }, "the plateau is current and suggested")
  }
}
