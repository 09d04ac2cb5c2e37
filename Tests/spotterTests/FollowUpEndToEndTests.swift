import Foundation
import Testing
import _SpotterTestSupport

/// Issue 3 through the binary: paused workouts, achievements and overload suggestions, each as a
/// VEVENT with VALARM, an agenda line and a `plan --json` entry, from every history format.
@Suite struct FollowUpEndToEndTests {
  typealias S = HistoryWriter.Session

  func planEvents(_ box: Sandbox, now: String, kind: String) async throws -> [[String: Any]] {
    let plan = try await box.spotter(["plan", "--json", "--days", "2"], now: now)
    let object = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
    return ((object?["events"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == kind }
  }

  func history(_ box: Sandbox, _ sessions: [S], format: String) throws -> String {
    let path = box.dir.appendingPathComponent(
      "history-\(format)-\(sessions.count).\(format == "json" ? "json" : "csv")"
    ).path
    try HistoryWriter.write(sessions, format: format, to: path)
    return path
  }

  /// What CalDAV servers and vdir accept in a UID, which names a file there.
  static let uidCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@._-")

  @Test func aPausedWorkoutIsRemindedThenCancelledWhenFinished() async throws {
    let box = try Sandbox(extra: "[pause]\ndelay_hours = 2")
    let json = box.dir.appendingPathComponent("active.json").path
    func write(state: String) async throws {
      try """
      {"weight_unit": "kg", "sessions": [{"id": "p1", "workout_name": "Push Day", "start": "2026-11-21T10:00:00",
        "state": "\(state)", "exercises": [
          {"name": "Bench Press", "sets": [{"weight": 60, "reps": 8, "completedAt": "2026-11-21T10:20:00"}]},
          {"name": "Dips", "sets": [{"reps": 8, "completed": false}]}]}]}
      """.write(toFile: json, atomically: false, encoding: .utf8)
    }
    try await write(state: "active")
    let now = "2026-11-21T10:30:00+01:00"
    #expect(try await box.spotter(["run", "--history", json], now: now, writes: true).status == 0)
    let first = "paused-workout-p1-1-2026-11-21@spotter"
    let second = "paused-workout-p1-2-2026-11-21@spotter"
    let event = try #require(try box.event(first))
    #expect(event.summary == "Paused workout: Push Day")
    #expect(event.description == "You paused at exercise 2/2. Resume?")
    #expect(event.alarmInstants == [TestZones.instant("2026-11-21T12:20:00+01:00")])
    #expect(try box.event(second)?.alarmInstants == [TestZones.instant("2026-11-22T10:20:00+01:00")])
    #expect(try box.agendaLine(first)?.hasPrefix("20 12 21 11 *") == true)
    await #expect(try planEvents(box, now: now, kind: "paused-workout").count == 2)
    let list = try await box.spotter(["session", "list"], now: now)
    #expect(list.stdout.contains("p1  active") && list.stdout.contains(second))

    // It fires while the workout is still open.
    #expect(try await box.spotter(["fire", first], now: "2026-11-21T12:20:00+01:00").status == 0)
    #expect(box.delivered == ["Paused workout: Push Day|You paused at exercise 2/2. Resume?|\(first)"])

    // The app finishes it; the import alone does not rewrite the outputs, the fire-time guard holds.
    try await write(state: "completed")
    #expect(try await box.spotter(["import", json], now: "2026-11-21T13:00:00+01:00").status == 0)
    let late = try await box.spotter(["fire", second], now: "2026-11-22T10:20:00+01:00")
    #expect(late.status == 0)
    #expect(box.delivered.count == 1)
    let history = try await box.spotter(["history"], now: "2026-11-22T10:21:00+01:00")
    #expect(history.stdout.contains("workout already finished"))

    // The next run cancels what is still pending, with a higher SEQUENCE; the fired one stays.
    #expect(try await box.spotter(["run"], now: "2026-11-21T13:00:00+01:00", writes: true).status == 0)
    #expect(try box.event(second)?.status == "CANCELLED")
    #expect(try box.event(second)?.sequence == 1)
    #expect(try box.agendaLine(second) == nil)
  }

  @Test func sessionCommandsPauseResumeAndEnd() async throws {
    let box = try Sandbox()
    let json = box.dir.appendingPathComponent("done.json").path
    try """
    {"sessions": [{"id": "abc123", "workout_name": "Push Day", "start": "2026-11-21T09:00:00",
      "end": "2026-11-21T09:30:00", "exercises": [{"name": "Bench Press", "sets": [{"weight": 60, "reps": 8}]}]}]}
    """.write(toFile: json, atomically: false, encoding: .utf8)
    #expect(try await box.spotter(["import", json], now: "2026-11-21T10:00:00+01:00").status == 0)
    let pause = try await box.spotter(
      ["session", "pause", "abc"], now: "2026-11-21T10:00:00+01:00", writes: true)
    #expect(pause.status == 0, "\(pause.stderr)")
    #expect(pause.stdout.contains("abc123  paused"))
    #expect(
      try box.event("paused-workout-abc123-1-2026-11-21@spotter")?.alarmInstants
        == [TestZones.instant("2026-11-21T12:00:00+01:00")])
    let resume = try await box.spotter(
      ["session", "resume", "abc123"], now: "2026-11-21T11:00:00+01:00", writes: true)
    #expect(resume.status == 0)
    // Resumed and still open: the reminders count from the resume.
    #expect(try box.event("paused-workout-abc123-1-2026-11-21@spotter")?.sequence == 1)
    let end = try await box.spotter(
      ["session", "end", "abc123"], now: "2026-11-21T11:30:00+01:00", writes: true)
    #expect(end.status == 0)
    #expect(try box.event("paused-workout-abc123-1-2026-11-21@spotter")?.status == "CANCELLED")
    let again = try await box.spotter(
      ["session", "end", "abc123"], now: "2026-11-21T11:31:00+01:00", writes: true)
    #expect(again.status == 64)
    #expect(again.stderr.contains("session 'abc123': is already completed"))
    // Finished more than 48 hours ago, it is history: a pause would only abandon it.
    let old = try await box.spotter(
      ["session", "pause", "abc"], now: "2026-11-23T11:31:00+01:00", writes: true)
    #expect(old.status == 64, "\(old.stderr)")
    #expect(
      old.stderr.contains(
        "session 'abc123': was completed 2026-11-21 11:30, more than 48 hours ago; only a session finished since can be paused"
      ), "\(old.stderr)")
    let unknown = try await box.spotter(
      ["session", "pause", "zzz"], now: "2026-11-21T11:31:00+01:00", writes: true)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("no session with id 'zzz'"))
  }

  static let recordHistory = [
    S(start: "2026-11-16 18:00", exercises: [("Bench Press (Barbell)", [(100, 8), (100, 8)])]),
    S(start: "2026-11-18 18:00", exercises: [("Bench Press (Barbell)", [(100, 8), (100, 8)])]),
    S(start: "2026-11-23 18:00", exercises: [("Bench Press (Barbell)", [(105, 8), (100, 8)])]),
  ]

  /// A first import just after midnight does not wake anyone for yesterday evening's record: with
  /// no quiet hours set, late news waits for 08:00.
  @Test func aFirstImportAtNightAnnouncesInTheMorning() async throws {
    let box = try Sandbox()
    let path = try history(box, Self.recordHistory, format: "strong")
    let now = "2026-11-24T00:20:41+01:00"
    let run = try await box.spotter(["run", "--history", path], now: now, writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    let announced = try await planEvents(box, now: now, kind: "achievement")
    let uid = try #require(announced.first?["uid"] as? String)
    #expect(try box.event(uid)?.alarmInstants == [TestZones.instant("2026-11-24T08:00:00+01:00")])
  }

  @Test(arguments: ["strong", "hevy", "json"])
  func aRecordIsAnnouncedOnceWhateverIsReImported(format: String) async throws {
    let box = try Sandbox()
    let path = try history(box, Self.recordHistory, format: format)
    let now = "2026-11-24T08:00:00+01:00"
    #expect(try await box.spotter(["run", "--history", path], now: now, writes: true).status == 0)
    let announced = try await planEvents(box, now: now, kind: "achievement")
    #expect(announced.count == 1)
    let uid = try #require(announced.first?["uid"] as? String)
    // The entity is the session's id ("strong-2026-11-23 18:00:00"): escaped to a UID's characters.
    #expect(uid.allSatisfy(Self.uidCharacters.contains), "\(uid)")
    let event = try #require(try box.event(uid))
    // 105 kg × 8 beats the weight for 8 reps and the 1RM estimate: one set, one record.
    #expect(event.summary == "New personal record! 🎉")
    #expect(event.description == "Bench Press (Barbell): 105 kg × 8 (before: 100 kg × 8)")
    #expect(event.alarmInstants == [TestZones.instant("2026-11-24T08:01:00+01:00")])
    #expect(try box.agendaLine(uid) != nil)
    let calendar = try String(contentsOfFile: box.out + "/spotter.ics", encoding: .utf8)

    // A re-run and a re-import change nothing: same file, byte for byte, and no second entry.
    #expect(try await box.spotter(["run", "--history", path], now: now, writes: true).status == 0)
    #expect(try String(contentsOfFile: box.out + "/spotter.ics", encoding: .utf8) == calendar)
    let list = try await box.spotter(["achievements", "--json"], now: now)
    let object = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
    #expect((object?["achievements"] as? [[String: Any]])?.count == 1)
    // After it fired, a later re-import still announces nothing.
    #expect(try await box.spotter(["fire", uid], now: "2026-11-24T08:01:00+01:00").status == 0)
    #expect(
      try await box.spotter(["run", "--history", path], now: "2026-11-24T21:30:00+01:00", writes: true).status
        == 0)
    #expect(box.delivered.count == 1)
    await #expect(
      try planEvents(box, now: "2026-11-24T21:30:00+01:00", kind: "achievement").allSatisfy {
        $0["uid"] as? String == uid && $0["fire"] == nil
      })
  }

  @Test func anOldHistoryIsRecordedWithoutAnnouncements() async throws {
    let box = try Sandbox()
    let path = try history(box, Self.recordHistory, format: "strong")
    #expect(
      try await box.spotter(["run", "--history", path], now: "2026-12-01T08:00:00+01:00", writes: true).status
        == 0)
    await #expect(try planEvents(box, now: "2026-12-01T08:00:00+01:00", kind: "achievement").isEmpty)
    let list = try await box.spotter(["achievements"], now: "2026-12-01T08:00:00+01:00")
    #expect(
      list.stdout.contains("Bench Press (Barbell) 105 kg × 8 (before 100 kg × 8)  (recorded, not announced)"))
  }

  /// `achievements --since` narrows to the days on or after, `--limit` to the newest few.
  @Test func achievementsTakeASinceAndALimit() async throws {
    let box = try Sandbox()
    let sessions = [("2026-11-02", 100.0), ("2026-11-09", 105), ("2026-11-16", 110), ("2026-11-23", 115)].map
    {
      S(start: "\($0.0) 18:00", exercises: [("Bench Press (Barbell)", [($0.1, 5)])])
    }
    let path = try history(box, sessions, format: "strong")
    let now = "2026-12-01T08:00:00+01:00"
    #expect(try await box.spotter(["run", "--history", path], now: now, writes: true).status == 0)
    func lines(_ arguments: [String]) async throws -> [String] {
      let result = try await box.spotter(["achievements"] + arguments, now: now)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    await #expect(try lines([]).count == 3)
    let since = try await lines(["--since", "2026-11-16"])
    #expect(since.count == 2 && since[0].contains("110 kg") && since[1].contains("115 kg"), "\(since)")
    await #expect(try lines(["--limit", "1"]).map { $0.contains("115 kg") } == [true])
    await #expect(try lines(["--since", "-10d"]).count == 1)
    let bad = try await box.spotter(["achievements", "--since", "someday"], now: now)
    #expect(bad.status == 64 && bad.stderr.contains("--since"), "\(bad.stderr)")
  }

  @Test func aPlateauIsSuggestedOnceBrokenAndFormedAgain() async throws {
    let box = try Sandbox()
    let bench = { (date: String, kg: Double, time: String) in
      S(start: "\(date) \(time)", exercises: [("Bench Press (Barbell)", [(kg, 5), (kg, 5), (kg, 5)])])
    }
    var sessions = [
      bench("2026-11-02", 100, "18:00"), bench("2026-11-09", 100, "18:00"), bench("2026-11-16", 100, "18:00"),
    ]
    let path = try history(box, sessions, format: "strong")
    let sunday = "2026-11-22T10:00:00+01:00"
    #expect(try await box.spotter(["run", "--history", path], now: sunday, writes: true).status == 0)
    let suggestions = try await planEvents(box, now: sunday, kind: "overload-suggestion")
    #expect(suggestions.count == 1)
    let uid = try #require(suggestions.first?["uid"] as? String)
    #expect(uid.allSatisfy(Self.uidCharacters.contains), "\(uid)")
    let event = try #require(try box.event(uid))
    // The week view reads the lift and the weight; the notification keeps the rule's title.
    #expect(event.summary == "Bench Press 102.5 kg?")
    #expect(suggestions.first?["title"] as? String == "Time for more weight? 💪")
    #expect(event.description == "Bench Press 100 kg: 3x successful. Try 102.5 kg!")
    // Before Monday's usual 18:00 start, with the workout reminder.
    #expect(event.alarmInstants == [TestZones.instant("2026-11-23T17:30:00+01:00")])

    // Sunday morning's extra session at 102.5 kg breaks the plateau: the pending suggestion goes.
    sessions.append(bench("2026-11-22", 102.5, "09:00"))
    let broken = try history(box, sessions, format: "strong")
    #expect(
      try await box.spotter(["run", "--history", broken], now: "2026-11-22T12:00:00+01:00", writes: true)
        .status
        == 0)
    #expect(try box.event(uid)?.status == "CANCELLED")

    // Two more at 102.5 kg form a new plateau: a new suggestion, a new UID.
    sessions += [bench("2026-11-23", 102.5, "18:00"), bench("2026-11-30", 102.5, "18:00")]
    let formed = try history(box, sessions, format: "strong")
    let later = "2026-12-01T10:00:00+01:00"
    #expect(
      try await box.spotter(["run", "--history", formed, "--days", "7"], now: later, writes: true).status == 0
    )
    let next = try await planEvents(box, now: later, kind: "overload-suggestion").filter {
      $0["status"] as? String == "confirmed"
    }
    #expect(next.count == 1)
    #expect(next.first?["uid"] as? String != uid)
    #expect(next.first?["body"] as? String == "Bench Press 102.5 kg: 3x successful. Try 105 kg!")
  }

  @Test func theLiftsOfOneSessionShareOneSuggestion() async throws {
    let box = try Sandbox()
    let sessions = ["2026-11-02", "2026-11-09", "2026-11-16"].map { date in
      S(
        start: "\(date) 18:00",
        exercises: [
          ("Bench Press (Barbell)", [(100, 5), (100, 5), (100, 5)]),
          ("Overhead Press (Barbell)", [(50, 5), (50, 5), (50, 5)]),
        ])
    }
    let path = try history(box, sessions, format: "strong")
    let sunday = "2026-11-22T10:00:00+01:00"
    #expect(try await box.spotter(["run", "--history", path], now: sunday, writes: true).status == 0)
    let suggestions = try await planEvents(box, now: sunday, kind: "overload-suggestion")
    #expect(suggestions.map { $0["uid"] as? String } == ["overload-suggestion-2026-11-23@spotter"])
    let event = try #require(try box.event("overload-suggestion-2026-11-23@spotter"))
    #expect(
      event.description
        == "Bench Press 100 kg 3x, Overhead Press 50 kg 3x successful. "
        + "Try Bench Press 102.5 kg, Overhead Press 52.5 kg!")
    #expect(event.alarmInstants == [TestZones.instant("2026-11-23T17:30:00+01:00")])
    #expect(
      try box.agenda().split(separator: "\n").filter { $0.contains("# spotter:overload-suggestion") }.count
        == 1)
  }

  @Test func aSkippedSessionCarriesTheSuggestionToTheNextOneWithTheLift() async throws {
    let box = try Sandbox(program: "")
    // Bench days and squat days alternate over Monday, Wednesday and Friday, so the weekday says
    // nothing and the rotation decides which day is the next bench day.
    let dates = [
      "2026-10-26", "2026-10-28", "2026-10-30", "2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09",
      "2026-11-11", "2026-11-13", "2026-11-16", "2026-11-18", "2026-11-20",
    ]
    let sessions = dates.enumerated().map { index, date in
      index % 2 == 0
        ? S(
          start: "\(date) 18:00", name: "Bench Day",
          exercises: [("Bench Press (Barbell)", [(100, 5), (100, 5)])])
        : S(
          start: "\(date) 18:00", name: "Squat Day", exercises: [("Squat (Barbell)", [(120, 5), (120, 5)])])
    }
    let path = try history(box, sessions, format: "strong")
    #expect(
      try await box.spotter(
        ["run", "--history", path, "--days", "7"], now: "2026-11-22T10:00:00+01:00", writes: true
      )
      .status == 0)
    let monday = try #require(try box.event("overload-suggestion-2026-11-23@spotter"))
    #expect(monday.description == "Bench Press 100 kg: 6x successful. Try 102.5 kg!")
    #expect(monday.alarmInstants == [TestZones.instant("2026-11-23T17:30:00+01:00")])

    #expect(try box.event("overload-suggestion-2026-11-25@spotter")?.description.hasPrefix("Squat") == true)

    // Monday's alarm goes off, but the bench day is skipped: Wednesday is now the bench day, and
    // the bench suggestion goes with it; the squat suggestion moves on to Friday's squat day.
    #expect(
      try await box.spotter(
        ["run", "--history", path, "--days", "7"], now: "2026-11-23T21:30:00+01:00", writes: true
      )
      .status == 0)
    let wednesday = try #require(try box.event("overload-suggestion-2026-11-25@spotter"))
    #expect(wednesday.status == "CONFIRMED")
    #expect(wednesday.description == "Bench Press 100 kg: 6x successful. Try 102.5 kg!")
    #expect(wednesday.alarmInstants == [TestZones.instant("2026-11-25T17:30:00+01:00")])
    #expect(try box.event("overload-suggestion-2026-11-27@spotter")?.description.hasPrefix("Squat") == true)

    // Once the lift was trained after the alarm, the plateau has had its one suggestion.
    let trained =
      sessions + [
        S(
          start: "2026-11-25 18:00", name: "Bench Day",
          exercises: [("Bench Press (Barbell)", [(100, 5), (100, 5)])])
      ]
    let later = try history(box, trained, format: "strong")
    #expect(
      try await box.spotter(
        ["run", "--history", later, "--days", "7"], now: "2026-11-25T21:30:00+01:00", writes: true
      )
      .status == 0)
    #expect(try box.event("overload-suggestion-2026-11-27@spotter")?.description.hasPrefix("Squat") == true)
    #expect(try box.event("overload-suggestion-2026-11-30@spotter") == nil)
  }
}
