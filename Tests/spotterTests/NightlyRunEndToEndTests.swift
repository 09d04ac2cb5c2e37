import Foundation
import SpotterICal
import Testing
import _SpotterTestSupport

@Suite struct NightlyRunEndToEndTests {
  let now = "2026-11-22T21:30:00+01:00"

  func runExamples(in dir: URL, config: String = SpotterBinary.example("config.toml"), now: String? = nil)
    async throws -> SpotterBinary.Result
  {
    try await SpotterBinary.run([
      "run", "--config", config, "--db", dir.appendingPathComponent("db.sqlite").path,
      "--out", dir.appendingPathComponent("out").path, "--now", now ?? self.now, "--days", "7",
      "--history", SpotterBinary.example("strong.csv"), SpotterBinary.example("hevy.csv"),
    ])
  }

  func read(_ dir: URL, _ name: String) throws -> String {
    try String(contentsOf: dir.appendingPathComponent("out/\(name)"), encoding: .utf8)
  }

  @Test func examplesGiveTheRightAlarmsInCalendarAndAgenda() async throws {
    let dir = try SpotterBinary.scratch()
    let result = try await runExamples(in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("3 new, 0 updated, 0 unchanged, 27 duplicates"))

    let calendar = try ICSReader().read(try read(dir, "spotter.ics"), fileName: "spotter.ics")
    #expect(calendar.passesRestrictions)
    #expect(calendar.timeZoneIDs == ["Europe/Berlin"])
    #expect(
      calendar.events.map(\.uid) == [
        "workout-reminder-2026-11-23@spotter", "workout-reminder-2026-11-25@spotter",
        "workout-reminder-2026-11-27@spotter",
      ])
    #expect(calendar.events.map(\.summary) == ["Push Day", "Pull Day", "Leg Day"])
    #expect(
      calendar.events.allSatisfy { $0.startTZID == "Europe/Berlin" && $0.sequence == 0 && $0.stamp != nil })
    // The examples train around 18:00, from 17:40 on; the alarm comes at least 30 minutes
    // before the earliest of the starts it catches.
    let expected = [
      "2026-11-23T17:10:00+01:00", "2026-11-25T17:15:00+01:00", "2026-11-27T17:10:00+01:00",
    ].map(TestZones.instant)
    #expect(calendar.events.flatMap(\.alarmInstants) == expected)

    let agenda = try read(dir, "agenda.crontab").split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(agenda.count == 3)
    for (line, instant) in zip(agenda, expected) {
      let fields = line.split(separator: " ").prefix(5).map(String.init)
      let local = TestZones.berlinClock.local(instant)
      #expect(
        fields == [
          "\(local.time.minute)", "\(local.time.hour)", "\(local.date.day)", "\(local.date.month)", "*",
        ])
      #expect(line.contains("# spotter:workout-reminder-"))
    }
  }

  @Test func reRunningTheSameNightChangesNothing() async throws {
    let dir = try SpotterBinary.scratch()
    try await #require(try runExamples(in: dir).status == 0)
    let calendar = try read(dir, "spotter.ics")
    let agenda = try read(dir, "agenda.crontab")
    let again = try await runExamples(in: dir, now: "2026-11-22T23:45:00+01:00")
    #expect(again.status == 0)
    #expect(again.stdout.contains("0 changed"))
    #expect(try read(dir, "spotter.ics") == calendar)
    #expect(try read(dir, "agenda.crontab") == agenda)
  }

  @Test func theExamplesAreSafeToCopy() async throws {
    // No one person's program or cron zone: both would override what the copier's own machine
    // and history say.
    let lines = try String(contentsOfFile: SpotterBinary.example("config.toml"), encoding: .utf8)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
    #expect(!lines.contains { $0.hasPrefix("timezone") || $0.hasPrefix("mon =") || $0.hasPrefix("fri =") })
    // cron does not start a job whose log redirection fails: the directory is made first.
    let crontab = try String(contentsOfFile: SpotterBinary.example("nightly.crontab"), encoding: .utf8)
    let job = try #require(crontab.split(separator: "\n").first { !$0.hasPrefix("#") })
    #expect(job.contains("mkdir -p \"$HOME/.local/state/spotter\" && "))
    #expect(job.hasSuffix(">> \"$HOME/.local/state/spotter/nightly.log\" 2>&1"))
  }

  @Test func aProgramChangeUpdatesAndCancelsTheSameEvents() async throws {
    let dir = try SpotterBinary.scratch()
    let program = try SpotterBinary.exampleConfigWithProgram(in: dir)
    try await #require(try runExamples(in: dir, config: program).status == 0)
    let original = try String(contentsOfFile: program, encoding: .utf8)
    let changed = original.replacingOccurrences(of: "wed = \"Pull Day\"", with: "wed = \"Back Day\"")
      .replacingOccurrences(of: "fri = \"Leg Day\"", with: "")
      .replacingOccurrences(of: "min_confidence = 0.4", with: "min_confidence = 0.99")
    let config = dir.appendingPathComponent("changed.toml")
    try changed.write(to: config, atomically: false, encoding: .utf8)
    let result = try await runExamples(in: dir, config: config.path, now: "2026-11-22T22:00:00+01:00")
    #expect(result.status == 0, "\(result.stderr)")
    let events = try ICSReader().read(try read(dir, "spotter.ics"), fileName: "spotter.ics").events
    #expect(
      events.map(\.uid) == [
        "workout-reminder-2026-11-23@spotter", "workout-reminder-2026-11-25@spotter",
        "workout-reminder-2026-11-27@spotter",
      ])
    #expect(events.map(\.sequence) == [0, 1, 1])
    #expect(events.map(\.summary) == ["Push Day", "Back Day", "Leg Day"])
    #expect(events.map(\.status) == ["CONFIRMED", "CONFIRMED", "CANCELLED"])
    #expect(events[2].alarmInstants.isEmpty)
    #expect(!(try read(dir, "agenda.crontab")).contains("spotter:workout-reminder-2026-11-27"))
  }

  @Test func newYorkDSTChangeDayFiresAtLocalWallClock() async throws {
    let dir = try SpotterBinary.scratch()
    let config = dir.appendingPathComponent("c.toml")
    try
      "timezone = \"America/New_York\"\n[program]\nsun = \"Long Run\"\n[agenda]\ntimezone = \"America/New_York\"\n"
      .write(to: config, atomically: false, encoding: .utf8)
    let result = try await SpotterBinary.run([
      "run", "--config", config.path, "--db", dir.appendingPathComponent("db.sqlite").path, "--out",
      dir.appendingPathComponent("out").path, "--now", "2026-03-07T21:00:00-05:00",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let event = try #require(
      try ICSReader().read(try read(dir, "spotter.ics"), fileName: "spotter.ics").events.first)
    // No history: the preferred 09:00 start, on the first day of EDT.
    #expect(event.start == TestZones.instant("2026-03-08T09:00:00-04:00"))
    #expect(event.alarmInstants == [TestZones.instant("2026-03-08T08:30:00-04:00")])
    #expect(try read(dir, "agenda.crontab").contains("30 8 8 3 * "))
  }

  @Test func backtestReplaysTheStoreAndPrintsEveryStrategy() async throws {
    let dir = try SpotterBinary.scratch()
    try await #require(try runExamples(in: dir).status == 0)
    let result = try await SpotterBinary.run([
      "backtest", "--weeks", "4", "--json", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db.sqlite").path, "--now", "2026-11-22T21:30:00+01:00",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["version"] as? Int == 1)
    let strategies = try #require(json["strategies"] as? [String: Any])
    #expect(Set(strategies.keys) == ["spotter", "B1", "B2", "B3"])
    let days = try #require(json["days"] as? [[String: Any]])
    #expect(days.count == 28)
    // Local times carry their offset.
    #expect(days.compactMap { $0["start"] as? String }.allSatisfy { $0.hasSuffix("+01:00") })
    let text = try await SpotterBinary.run([
      "backtest", "--config", SpotterBinary.example("config.toml"), "--db",
      dir.appendingPathComponent("db.sqlite").path, "--now", "2026-11-22T21:30:00+01:00",
    ])
    #expect(text.stdout.contains("B1 same weekday last week"))
    #expect(text.stdout.contains("Hindsight limit"))
  }
}
