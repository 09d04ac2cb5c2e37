import Foundation
import Testing
import _SpotterTestSupport

/// kill -9 at any moment of a nightly run leaves the store consistent and every output either
/// the old version or the new one.
@Suite struct KillEndToEndTests {
  /// A Strong export of `weeks` weeks of Mon/Wed/Fri sessions, 18 sets each.
  static func history(weeks: Int, to path: String) throws {
    var text =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    let names = ["Push Day", "Pull Day", "Leg Day"]
    for week in 0..<weeks {
      for (slot, offset) in [0, 2, 4].enumerated() {
        let day = Self.day(week * 7 + offset + 4)
        for exercise in 0..<6 {
          for set in 1...3 {
            text += "\(day) 18:0\(slot):00,\"\(names[slot])\",1h 5m,\"Exercise \(exercise)\",\(set),"
            text += "\(40 + exercise * 5 + week % 10).0,8,0,0.0,\"\",\"\",\n"
          }
        }
      }
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  /// `YYYY-MM-DD`, `days` days after 2020-01-01.
  static func day(_ days: Int) -> String {
    let date = Date(timeIntervalSince1970: 1_577_836_800 + TimeInterval(days) * 86400)
    return String(ISO8601DateFormatter().string(from: date).prefix(10))
  }

  /// Both outputs, with every sandbox's directory named alike: agenda lines name the store and
  /// config they fire with, and a copied state still names the sandbox it was copied from.
  static func files(_ sandbox: Sandbox) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in ["spotter.ics", "agenda.crontab"] {
      files[name] = FileManager.default.contents(atPath: sandbox.out + "/" + name).map {
        Data(
          String(decoding: $0, as: UTF8.self).replacingOccurrences(
            of: "spotter-e2e-[0-9A-F-]+", with: "spotter-e2e-SANDBOX", options: .regularExpression
          ).utf8)
      }
    }
    return files
  }

  static func copyState(from source: Sandbox, to target: Sandbox) async throws {
    let manager = FileManager.default
    for suffix in ["", "-wal", "-shm"] {
      try? manager.removeItem(atPath: target.db + suffix)
      if manager.fileExists(atPath: source.db + suffix) {
        try manager.copyItem(atPath: source.db + suffix, toPath: target.db + suffix)
      }
    }
    try? manager.removeItem(atPath: target.out)
    try manager.copyItem(atPath: source.out, toPath: target.out)
  }

  /// The store and outputs after the first night, and the second night's arguments.
  struct Scenario {
    /// With a daily focus block over a 60-day window, whose alerts a run writes a week at a time.
    let focus: Bool
    let base: Sandbox
    let second: [String]
    let before: [String: Data]
    let after: [String: Data]
    let referenceSeconds: Double
    let nowB = "2026-11-22T21:30:00+01:00"

    init(focus: Bool = false) async throws {
      self.focus = focus
      base = try Sandbox(program: "", extra: focus ? Self.focusWindow : "")
      let old = base.dir.appendingPathComponent("old.csv").path
      let new = base.dir.appendingPathComponent("new.csv").path
      try KillEndToEndTests.history(weeks: 52, to: old)
      try KillEndToEndTests.history(weeks: 150, to: new)
      // Without the catch-up, which would deliver a week of unseen alerts and publish on its own:
      // the streamed walk is then the only writer.
      second = ["run", "--days", "7", "--history", new] + (focus ? ["--no-catch-up"] : [])
      if focus {
        let added = try await base.spotter(
          ["focus", "add", "2026-11-16 07:30", "--for", "45m", "--every", "daily", "--title", "Pages"],
          now: "2026-11-15T21:00:00+01:00", writes: true)
        #expect(added.status == 0, "\(added.stderr)")
      }
      let first = try await base.spotter(
        ["run", "--days", "7", "--history", old], now: "2026-11-15T21:30:00+01:00", writes: true)
      #expect(first.status == 0)
      before = KillEndToEndTests.files(base)
      // The uninterrupted second run, for reference, timed to place the timed kills.
      let reference = try Sandbox(program: "", extra: focus ? Self.focusWindow : "")
      try await KillEndToEndTests.copyState(from: base, to: reference)
      let started = Date()
      #expect(try await reference.spotter(second, now: nowB, writes: true).status == 0)
      referenceSeconds = Date().timeIntervalSince(started)
      after = KillEndToEndTests.files(reference)
      #expect(before != after)
    }

    static let focusWindow = "[focus]\nhorizon_days = 60\n"

    /// A copy of the first night's state to kill a run in.
    func victim() async throws -> Sandbox {
      let victim = try Sandbox(program: "", extra: focus ? Self.focusWindow : "")
      try await KillEndToEndTests.copyState(from: base, to: victim)
      return victim
    }

    /// The re-run finishes the job exactly as the uninterrupted run did, and leaves no
    /// temporaries or journal behind.
    func expectRerunFinishes(_ victim: Sandbox, _ label: String) async throws {
      let rerun = try await victim.spotter(second, now: nowB, writes: true)
      #expect(rerun.status == 0, "\(label): \(rerun.stderr)")
      #expect(KillEndToEndTests.files(victim) == after, "\(label): re-run differs")
      let left = try FileManager.default.contentsOfDirectory(atPath: victim.out).filter { $0.hasPrefix(".") }
      #expect(left.isEmpty, "\(label): left \(left)")
    }
  }

  /// With a repeating block, a run writes each week's alert revisions as it goes, in the
  /// transaction its save commits: killed before that commit, the store is the night before's,
  /// which a read-only plan shows (the week's alerts are still new to it).
  @Test(arguments: ["after-staging", "after-store-commit"])
  func aStreamedRunKilledBeforeItsCommitSavedNoWeek(step: String) async throws {
    let scenario = try await Scenario(focus: true)
    let victim = try await scenario.victim()
    let plan = ["plan", "--days", "7", "--json"]
    let untouched = try await scenario.base.spotter(plan, now: scenario.nowB)
    #expect(untouched.stdout.contains("\"change\" : \"new\""))
    let killed = try await victim.spotter(
      scenario.second, now: scenario.nowB, writes: true, environment: ["SPOTTER_CRASH_AT": step])
    #expect(killed.status != 0, "\(step): the run was not killed")
    let seen = try await victim.spotter(plan, now: scenario.nowB)
    if step == "after-staging" {
      #expect(seen.stdout == untouched.stdout, "\(step): the store moved before its commit")
    } else {
      #expect(seen.stdout != untouched.stdout, "\(step): the commit saved nothing")
    }
    #expect(Self.files(victim) == scenario.before, "\(step): outputs")
    try await scenario.expectRerunFinishes(victim, step)
  }

  /// A debug build kills itself at the named step (`SPOTTER_CRASH_AT`), the same on every machine.
  /// The second night's calendar has the first's bytes, so only the agenda is put in place: killed
  /// after that one rename, the agenda is new (and the calendar, unchanged, both).
  @Test(arguments: [
    ("after-staging", false, false), ("after-store-commit", false, false), ("between-renames", true, true),
  ])
  func aRunKilledAtAStepLeavesAConsistentPairAndTheNextRunFinishesIt(
    step: String, calendarIsNew: Bool, agendaIsNew: Bool
  ) async throws {
    let scenario = try await Scenario()
    let victim = try await scenario.victim()
    let killed = try await victim.spotter(
      scenario.second, now: scenario.nowB, writes: true, environment: ["SPOTTER_CRASH_AT": step])
    #expect(killed.status != 0, "\(step): the run was not killed")
    let files = Self.files(victim)
    let calendar = calendarIsNew ? scenario.after : scenario.before
    let agenda = agendaIsNew ? scenario.after : scenario.before
    #expect(files["spotter.ics"] == calendar["spotter.ics"], "\(step): spotter.ics")
    #expect(files["agenda.crontab"] == agenda["agenda.crontab"], "\(step): agenda.crontab")
    try await scenario.expectRerunFinishes(victim, step)
  }

  /// Kills at moments spread over 0–1.2× the measured reference run: wherever they land, every
  /// output is the old or the new version and a re-run finishes the job.
  @Test func killedAtAnyMomentEveryOutputIsOldOrNew() async throws {
    let scenario = try await Scenario()
    let moments = 8
    for attempt in 0..<moments {
      let victim = try await scenario.victim()
      try await SpotterBinary.killedRun(
        scenario.second + [
          "--config", victim.config, "--db", victim.db, "--now", scenario.nowB, "--out", victim.out,
        ],
        after: scenario.referenceSeconds * 1.2 * Double(attempt) / Double(moments - 1))
      for (name, data) in Self.files(victim) {
        #expect(
          data == scenario.before[name] || data == scenario.after[name],
          "attempt \(attempt): \(name) is neither version")
      }
      try await scenario.expectRerunFinishes(victim, "attempt \(attempt)")
    }
  }
}
