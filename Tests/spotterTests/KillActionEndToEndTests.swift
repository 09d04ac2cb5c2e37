import Foundation
import SpotterICal
import Testing
import _SpotterTestSupport

/// kill -9 at named steps and at arbitrary moments of `done --undo`, `skip --undo`,
/// `focus import` and `sync`, each followed by `run --vdir`: the store passes SQLite's
/// integrity check, each output is the old or the new version, and the retry and the next run
/// end exactly as they do uninterrupted, with the vdir holding what spotter.ics holds.
@Suite struct KillActionEndToEndTests {
  static let now = "2026-11-22T21:30:00+01:00"

  enum Action: String, CaseIterable, CustomTestStringConvertible {
    case undoDone, undoSkip, focusImport, sync
    var testDescription: String { rawValue }
  }

  /// A sandbox whose every command also keeps a vdir, beside a Hevy stand-in.
  struct Box {
    let sandbox: Sandbox
    var vdir: String { sandbox.dir.appendingPathComponent("vdir").path }
    var calendarFile: String { sandbox.dir.appendingPathComponent("meetings.ics").path }

    init(server: HevyServer) throws {
      sandbox = try Sandbox(
        program: "mon = \"Push Day\"\nwed = \"Pull Day\"\nfri = \"Leg Day\"",
        extra: "[hevy]\nurl = \"\(server.url)\"\napi_key = \"\(HevyServer.key)\"\n")
    }

    func spotter(_ arguments: [String], environment: [String: String] = [:]) async throws
      -> SpotterBinary.Result
    {
      let writes = arguments.first != "sync"
      return try await sandbox.spotter(
        arguments + (writes ? ["--vdir", vdir] : []), now: KillActionEndToEndTests.now, writes: writes,
        environment: environment)
    }

    /// The command under test, as its arguments.
    func command(_ action: Action) -> [String] {
      switch action {
      case .undoDone: ["done", "workout-reminder-2026-11-25", "--undo"]
      case .undoSkip: ["skip", "2026-11-27", "--undo"]
      case .focusImport: ["focus", "import", calendarFile, "--days", "21"]
      case .sync: ["sync"]
      }
    }

    /// Both outputs and every vdir item, with the sandbox's own directory named alike.
    func files() -> [String: Data] {
      var files: [String: Data] = [:]
      let manager = FileManager.default
      var names = ["out/spotter.ics", "out/agenda.crontab"]
      names += ((try? manager.contentsOfDirectory(atPath: vdir)) ?? []).map { "vdir/" + $0 }
      for name in names {
        files[name] = manager.contents(atPath: sandbox.dir.appendingPathComponent(name).path).map {
          Data(
            String(decoding: $0, as: UTF8.self).replacingOccurrences(
              of: "spotter-e2e-[0-9A-F-]+", with: "spotter-e2e-SANDBOX", options: .regularExpression
            ).utf8)
        }
      }
      return files
    }

    func copy(to target: Box) throws {
      let manager = FileManager.default
      for name in ["db.sqlite", "db.sqlite-wal", "db.sqlite-shm", "out", "vdir", "meetings.ics"] {
        let from = sandbox.dir.appendingPathComponent(name).path
        let to = target.sandbox.dir.appendingPathComponent(name).path
        try? manager.removeItem(atPath: to)
        if manager.fileExists(atPath: from) { try manager.copyItem(atPath: from, toPath: to) }
      }
    }

    /// Each vdir item is one event of spotter.ics, at the same SEQUENCE and STATUS, and no
    /// event of spotter.ics is missing from the vdir.
    func vdirMatchesCalendar() throws -> Bool {
      let text = try String(contentsOfFile: sandbox.out + "/spotter.ics", encoding: .utf8)
      let calendar = try ICSReader().read(text, fileName: "spotter.ics")
      var expected: [String: String] = [:]
      for event in calendar.events { expected[event.uid] = "\(event.sequence) \(event.status ?? "")" }
      var found: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: vdir) where name.hasSuffix(".ics") {
        let item = try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
        for event in try ICSReader().read(item, fileName: name).events {
          found[event.uid] = "\(event.sequence) \(event.status ?? "")"
        }
      }
      return found == expected
    }
  }

  /// The state before the command, and the files after the command and after the next run,
  /// uninterrupted.
  struct Scenario {
    let server: HevyServer
    let base: Box
    let before: [String: Data]
    let afterCommand: [String: Data]
    let afterRun: [String: Data]
    let seconds: Double

    init(_ action: Action) async throws {
      server = try HevyServer()
      try server.set(workouts: HevySyncEndToEndTests.history())
      base = try Box(server: server)
      let calendar = (0..<14).map { day -> String in
        let date = KillEndToEndTests.day(2518 + day).replacingOccurrences(of: "-", with: "")
        return
          "BEGIN:VEVENT\r\nUID:m\(day)@example.org\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:\(date)T090000Z\r\n"
          + "DTEND:\(date)T100000Z\r\nSUMMARY:Meeting \(day)\r\nEND:VEVENT\r\n"
      }.joined()
      try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + calendar + "END:VCALENDAR\r\n").write(
        toFile: base.calendarFile, atomically: false, encoding: .utf8)
      #expect(try await base.spotter(["run", "--days", "14"]).status == 0)
      switch action {
      case .undoDone: #expect(try await base.spotter(["done", "workout-reminder-2026-11-25"]).status == 0)
      case .undoSkip: #expect(try await base.spotter(["skip", "2026-11-27"]).status == 0)
      case .focusImport, .sync: break
      }
      if action == .sync {
        // New workouts since the first night's sync, for this sync to bring in.
        try server.set(
          workouts: [
            HevyServer.workout(id: "new", start: "2026-11-22T08:00:00Z", updated: "2026-11-22T09:00:00Z")
          ]
            + HevySyncEndToEndTests.history(),
          events: [
            HevyServer.updated(
              HevyServer.workout(id: "new", start: "2026-11-22T08:00:00Z", updated: "2099-01-01T00:00:00Z"))
          ])
      }
      before = base.files()
      let reference = try Box(server: server)
      try base.copy(to: reference)
      let started = Date()
      let done = try await reference.spotter(reference.command(action))
      seconds = Date().timeIntervalSince(started)
      #expect(done.status == 0, "\(done.stderr)")
      afterCommand = reference.files()
      #expect(try await reference.spotter(["run", "--days", "14"]).status == 0)
      afterRun = reference.files()
      #expect(try reference.vdirMatchesCalendar())
    }

    /// After a kill: a sound store, each file old or new; then the retry and the next run end as
    /// they do uninterrupted.
    func expectRecovery(_ victim: Box, _ action: Action, _ label: String) async throws {
      let integrity = try await SpotterBinary.sqlite(victim.sandbox.db, "PRAGMA integrity_check")
      #expect(integrity.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(label): \(integrity)")
      let files = victim.files()
      for name in Set(files.keys).union(before.keys).union(afterCommand.keys) where !name.hasPrefix("vdir/") {
        #expect(files[name] == before[name] || files[name] == afterCommand[name], "\(label): \(name)")
      }
      let retry = try await victim.spotter(victim.command(action))
      // A kill after the commit leaves nothing to undo: the retry says so, and changes nothing.
      #expect(
        retry.status == 0 || retry.stderr.contains("nothing to undo")
          || retry.stderr.contains("is not marked done"),
        "\(label): \(retry.stderr)")
      #expect(try await victim.spotter(["run", "--days", "14"]).status == 0, "\(label)")
      #expect(victim.files() == afterRun, "\(label): differs from the uninterrupted run")
      #expect(try victim.vdirMatchesCalendar(), "\(label): vdir")
    }
  }

  @Test(arguments: Action.allCases)
  func killedAtEveryStepAndMomentTheRetryFinishes(_ action: Action) async throws {
    let scenario = try await Scenario(action)
    defer { scenario.server.stop() }
    let steps =
      action == .sync
      ? ["sync-fetched", "sync-applied"]
      : ["after-staging", "after-store-commit", "between-renames", "vdir-before-rename"]
    for step in steps {
      let victim = try Box(server: scenario.server)
      try scenario.base.copy(to: victim)
      let killed = try await victim.spotter(victim.command(action), environment: ["SPOTTER_CRASH_AT": step])
      #expect(killed.status != 0, "\(action) \(step): the command was not killed")
      try await scenario.expectRecovery(victim, action, "\(action) \(step)")
    }
    let moments = 5
    for attempt in 0..<moments {
      let victim = try Box(server: scenario.server)
      try scenario.base.copy(to: victim)
      try await SpotterBinary.killedRun(
        victim.command(action)
          + ["--config", victim.sandbox.config, "--db", victim.sandbox.db, "--now", Self.now]
          + (action == .sync ? [] : ["--out", victim.sandbox.out, "--vdir", victim.vdir]),
        after: scenario.seconds * 1.1 * Double(attempt) / Double(moments - 1))
      try await scenario.expectRecovery(victim, action, "\(action) at \(attempt)/\(moments - 1)")
    }
  }
}
