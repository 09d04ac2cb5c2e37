import Foundation
import Testing
import _SpotterTestSupport

/// Three weeks of scripted reactions through the real commands: `run` each evening, `fire` at
/// the agenda's minute, then `snooze`, `done` or nothing, and the workouts imported as they
/// happen. A twin store with the same sessions and no reactions shows what the reactions moved.
@Suite struct ReactionLearningEndToEndTests {
  /// Mon/Wed/Fri at 18:00 for five weeks before the script starts.
  static let habit = (0..<33).filter { [0, 2, 4].contains($0 % 7) }.map {
    // 2026-09-28 is a Monday.
    ReaderConformanceEndToEndTests.date("2026-09-28", plus: $0) + "T18:00:00"
  }

  /// The workouts logged during the script: every Monday (after snoozing), one Wednesday of
  /// three, the last Friday.
  static let logged = [
    "2026-11-02T18:00:00", "2026-11-09T18:00:00", "2026-11-11T18:00:00", "2026-11-16T18:00:00",
    "2026-11-20T18:00:00",
  ]

  func history(_ starts: [String], in sandbox: Sandbox) throws -> String {
    let sessions = starts.map {
      """
      {"id": "s-\($0)", "workout_name": "Full Body", "start": "\($0)", "end": "\($0.replacingOccurrences(of: "T18", with: "T19"))",
      "state": "completed", "exercises": [{"name": "Squat", "sets": [{"weight": 80, "reps": 5, "completed": true}]}]}
      """
    }
    let path = sandbox.dir.appendingPathComponent("history-\(starts.count).json").path
    try "{\"weight_unit\": \"kg\", \"sessions\": [\(sessions.joined(separator: ","))]}".write(
      toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// The agenda's fire time of `uid`, "HH:MM", in Berlin.
  func fireTime(_ sandbox: Sandbox, _ uid: String) throws -> String? {
    guard let line = try sandbox.agendaLine(uid) else { return nil }
    let fields = line.split(separator: " ")
    return String(format: "%02d:%02d", Int(fields[1])!, Int(fields[0])!)
  }

  func minutes(_ time: String) -> Int { Int(time.prefix(2))! * 60 + Int(time.suffix(2))! }

  /// One weekday's entry of `pattern --json` (1 is Monday); empty when it is not there.
  func weekday(_ json: String, _ number: Int) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let weekdays = (object?["pattern"] as? [String: Any])?["weekdays"] as? [[String: Any]]
    return weekdays?.first { $0["weekday"] as? Int == number } ?? [:]
  }

  @Test func snoozesMoveTheAlarmDeclinesLowerTheWeekdayAndDoneCountsAsTraining() async throws {
    let scripted = try Sandbox(program: "")
    #expect(
      try await scripted.spotter(
        ["import", try history(Self.habit, in: scripted)], now: "2026-11-01T12:00:00+01:00"
      ).status == 0)
    // (day, what the person does with its reminder)
    let script: [(String, String)] = [
      ("2026-11-02", "snooze"), ("2026-11-04", "ignore"), ("2026-11-06", "done"),
      ("2026-11-09", "snooze"), ("2026-11-11", "train"), ("2026-11-13", "done"),
      ("2026-11-16", "snooze"), ("2026-11-18", "ignore"), ("2026-11-20", "train"),
    ]
    for (day, reaction) in script {
      let evening = ReaderConformanceEndToEndTests.date(day, plus: -1) + "T21:30:00+01:00"
      let run = try await scripted.spotter(["run", "--days", "1"], now: evening, writes: true)
      #expect(run.status == 0, "\(run.stderr)")
      let uid = "workout-reminder-\(day)@spotter"
      let fire = try #require(try fireTime(scripted, uid), "no reminder on \(day): \(run.stdout)")
      let fired = try await scripted.spotter(["fire", uid], now: "\(day)T\(fire):05+01:00")
      #expect(fired.stdout.contains("delivered \(uid)"), "\(day): \(fired.stdout) \(fired.stderr)")
      let later = String(format: "%02d:%02d", (minutes(fire) + 1) / 60, (minutes(fire) + 1) % 60)
      switch reaction {
      case "snooze":
        #expect(
          try await scripted.spotter(["snooze", uid, "45m"], now: "\(day)T\(later):00+01:00", writes: true)
            .status
            == 0)
      case "done":
        let done = try await scripted.spotter(["done", uid], now: "\(day)T\(later):30+01:00", writes: true)
        #expect(done.status == 0, "\(done.stderr)")
      default: break
      }
      if let start = Self.logged.first(where: { $0.hasPrefix(day) }) {
        let imported = try await scripted.spotter(
          ["import", try history([start], in: scripted)], now: "\(day)T21:00:00+01:00")
        #expect(imported.status == 0, "\(imported.stderr)")
      }
    }
    // The twin: the same sessions, no reminder ever sent.
    let twin = try Sandbox(program: "")
    #expect(
      try await twin.spotter(
        ["import", try history(Self.habit + Self.logged, in: twin)], now: "2026-11-22T12:00:00+01:00"
      )
      .status == 0)
    let sunday = "2026-11-22T21:30:00+01:00"
    let learned = try await scripted.spotter(["pattern", "--json"], now: sunday).stdout
    let plain = try await twin.spotter(["pattern", "--json"], now: sunday).stdout

    // Snoozed on the last three Mondays by 46 minutes each: the alarm moves later, but never past
    // the logged start (the 30-minute lead), which pattern still shows as the usual one.
    let mondayPlanned = try #require(try weekday(plain, 1)["planned_start"] as? String)
    #expect(
      try weekday(learned, 1)["planned_start"] as? String
        == String(
          format: "%02d:%02d", (minutes(mondayPlanned) + 30) / 60, (minutes(mondayPlanned) + 30) % 60))
    let mondayStart = try #require(try weekday(plain, 1)["usual_start"] as? String)
    #expect(try weekday(learned, 1)["usual_start"] as? String == mondayStart)
    #expect(minutes(mondayStart) >= minutes(mondayPlanned))
    // Two of the last three Wednesdays had a reminder and no session: the weekday's confidence
    // halves, and the weekday is no training day.
    let wednesday = try weekday(learned, 3)
    let reactions = try #require(wednesday["reactions"] as? [String: Any])
    #expect(reactions["declined"] as? Int == 2 && reactions["days"] as? Int == 3)
    let before = try #require(reactions["confidence_before"] as? Double)
    let after = try #require(wednesday["confidence"] as? Double)
    #expect(abs(after - before * 0.5) <= 0.001)
    #expect(before > after && after < 0.4)
    // Two Fridays marked done without a logged workout count as trained.
    let friday = try #require(try weekday(plain, 5)["probability"] as? Double)
    #expect(try #require(try weekday(learned, 5)["probability"] as? Double) > friday)

    let text = try await scripted.spotter(["pattern"], now: sunday).stdout
    #expect(text.contains("Mon: alarm 30 min later: snoozed 3 of the last 3 Mondays"), "\(text)")
    #expect(text.contains("Mon  \(mondayStart)"), "\(text)")
    #expect(
      text.contains(
        "Wed: confidence \(String(format: "%.2f", before)) → \(String(format: "%.2f", after)): 2 of the last 3 "
          + "Wednesdays skipped or without a session after the reminder"), "\(text)")
    // And the plan follows: Monday's alarm in the agenda is 30 minutes after the twin's, at the
    // logged start.
    #expect(try await scripted.spotter(["run", "--days", "1"], now: sunday, writes: true).status == 0)
    #expect(try await twin.spotter(["run", "--days", "1"], now: sunday, writes: true).status == 0)
    let uid = "workout-reminder-2026-11-23@spotter"
    let moved = try #require(try fireTime(scripted, uid))
    let usual = try #require(try fireTime(twin, uid))
    #expect(minutes(moved) == minutes(usual) + 30)
  }
}
