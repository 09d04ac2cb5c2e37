import Foundation
import Testing
import _SpotterTestSupport

/// `spotter fire`, `catch-up`, `snooze`, `skip`, `done` and `history` on the built binary.
///
/// The sandbox's Monday 2026-11-23 has a Push Day reminder at the preferred 09:00, firing 08:30.
@Suite struct FireEndToEndTests {
  let evening = "2026-11-22T21:30:00+01:00"
  let uid = "workout-reminder-2026-11-23@spotter"

  func planned(_ sandbox: Sandbox, days: Int = 1) async throws {
    let run = try await sandbox.spotter(["run", "--days", "\(days)"], now: evening, writes: true)
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func aReminderThatStillHoldsIsDeliveredOnceWithItsTexts() async throws {
    let sandbox = try Sandbox()
    try await planned(sandbox)
    let early = try await sandbox.spotter(["fire", uid], now: "2026-11-23T07:30:00+01:00")
    #expect(early.stdout.contains("not-due"))
    #expect(sandbox.delivered.isEmpty)
    let fired = try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:30:04+01:00")
    #expect(fired.status == 0, "\(fired.stderr)")
    #expect(fired.stdout.contains("delivered \(uid)"))
    #expect(sandbox.delivered == ["Workout Time: Push Day!|Planned for 09:00. Ready?|\(uid)"])
  }

  /// A config every user of the machine can write would let any of them run anything as its
  /// owner through its notifier: the run and the delivery say so, naming the fix, and still work.
  @Test func aConfigOthersCanWriteIsWarnedAbout() async throws {
    let sandbox = try Sandbox()
    #expect(chmod(sandbox.config, 0o666) == 0)
    let run = try await sandbox.spotter(["run", "--days", "1"], now: evening, writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    let warning = "every user of this machine can write the config \(sandbox.config)"
    #expect(run.stderr.contains(warning) && run.stderr.contains("chmod o-w"), "\(run.stderr)")
    let fired = try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:30:04+01:00")
    #expect(fired.status == 0 && fired.stderr.contains(warning), "\(fired.stderr)")
    #expect(sandbox.delivered.count == 1)
    #expect(chmod(sandbox.config, 0o664) == 0)
    let quiet = try await sandbox.spotter(["plan"], now: evening)
    #expect(quiet.status == 0 && !quiet.stderr.contains("can write the config"), "\(quiet.stderr)")
  }

  @Test func cronFiringTwiceEvenAtOnceDeliversOnce() async throws {
    let sandbox = try Sandbox()
    try await planned(sandbox)
    let now = "2026-11-23T08:30:01+01:00"
    // Two processes started together, as a doubled crontab line would.
    let results = LockedResults()
    await withTaskGroup(of: SpotterBinary.Result?.self) { group in
      for _ in 0..<2 { group.addTask { try? await sandbox.spotter(["fire", uid], now: now) } }
      for await result in group { results.append(result) }
    }
    let again = try await sandbox.spotter(["fire", uid, "--quiet"], now: "2026-11-23T08:30:30+01:00")
    #expect(again.status == 0 && again.stdout.isEmpty)
    #expect(results.values.allSatisfy { $0?.status == 0 })
    #expect(sandbox.delivered.count == 1)
    let history = try await sandbox.spotter(["history", "--json"], now: "2026-11-23T09:00:00+01:00")
    #expect(history.stdout.components(separatedBy: "\"outcome\" : \"delivered\"").count - 1 == 1)
    #expect(history.stdout.contains("already delivered at 2026-11-23 08:30"))
  }

  @Test func alreadyTrainedTodayOrAWorkoutInProgressSilencesIt() async throws {
    let trained = try Sandbox()
    try await planned(trained)
    #expect(
      try await trained.importSession(start: "2026-11-23T07:00:00", state: "completed", now: evening).status
        == 0)
    let skipped = try await trained.spotter(["fire", uid], now: "2026-11-23T08:30:00+01:00")
    #expect(skipped.status == 0)
    #expect(skipped.stdout.contains("skipped \(uid) (Workout Time: Push Day!): already trained today"))
    #expect(trained.delivered.isEmpty)

    let paused = try Sandbox()
    try await planned(paused)
    #expect(
      try await paused.importSession(start: "2026-11-23T07:00:00", state: "paused", now: evening).status == 0)
    #expect(
      try await paused.spotter(["fire", uid], now: "2026-11-23T08:30:00+01:00").stdout.contains(
        "a workout is in progress"))
    #expect(paused.delivered.isEmpty)
  }

  @Test func aMovedOrDeletedFocusBlockDoesNotAlert() async throws {
    let sandbox = try Sandbox()
    let added = try await sandbox.spotter(
      ["focus", "add", "tomorrow 10:00", "--for", "1h", "--title", "Deep Work"], now: evening, writes: true)
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let focusUID = "focus-block-start-\(id)@spotter"
    #expect(
      try await sandbox.spotter(["focus", "move", id, "tomorrow 11:00"], now: evening, writes: true).status
        == 0)
    let old = try await sandbox.spotter(["fire", focusUID], now: "2026-11-23T09:55:00+01:00")
    #expect(
      old.stdout.contains("not-due \(focusUID) (Focus block starts soon): not due until 2026-11-23 10:55"))
    #expect(try await sandbox.spotter(["focus", "rm", id], now: evening, writes: true).status == 0)
    let removed = try await sandbox.spotter(["fire", focusUID], now: "2026-11-23T10:55:00+01:00")
    #expect(removed.stdout.contains("skipped \(focusUID)"))
    #expect(removed.stdout.contains("cancelled"))
    #expect(sandbox.delivered.isEmpty)
  }

  @Test func catchUpDeliversInsideTheGraceWindowAndNeverTwice() async throws {
    let sandbox = try Sandbox(program: "mon = \"Push Day\"\ntue = \"Pull Day\"\nwed = \"Leg Day\"")
    try await planned(sandbox, days: 3)
    // Monday's reminder came due 20 minutes ago, unseen: delivered late.
    let monday = try await sandbox.spotter(["catch-up"], now: "2026-11-23T08:50:00+01:00")
    #expect(monday.status == 0, "\(monday.stderr)")
    #expect(
      monday.stdout
        == "delivered \(uid) (Workout Time: Push Day!): caught up, 20 min late, 1 of 1 notifiers succeeded\n")
    // Tuesday's is 45 minutes old: past the 30 min window, logged, not delivered.
    let tuesday = try await sandbox.spotter(["catch-up"], now: "2026-11-24T09:15:00+01:00")
    #expect(
      tuesday.stdout
        == "missed workout-reminder-2026-11-24@spotter (Workout Time: Pull Day!): due 2026-11-24 08:30, "
        + "45 min ago, past the 30 min grace window\n")
    // Wednesday's is more than a day old by Thursday: discarded with a line.
    let thursday = try await sandbox.spotter(["catch-up"], now: "2026-11-26T09:00:00+01:00")
    #expect(
      thursday.stdout
        == "discarded workout-reminder-2026-11-25@spotter (Workout Time: Leg Day!): stale: due 2026-11-25 08:30, "
        + "more than 24 h ago\n")
    #expect(try await sandbox.spotter(["catch-up"], now: "2026-11-26T09:05:00+01:00").stdout.isEmpty)
    #expect(
      try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:55:00+01:00").stdout.contains(
        "already delivered"))
    #expect(sandbox.delivered == ["Workout Time: Push Day!|Planned for 09:00. Ready?|\(uid)"])
  }

  /// An alert at the second 02:35 of the night Berlin leaves summer time: cron cannot name it, so
  /// the agenda has no line for it and the catch-up line delivers it within 10 minutes of the true
  /// instant. A late look at it after the grace window finds it delivered, not missed.
  @Test func anAutumnSecondPassAlarmIsDeliveredByTheCatchUpAndTheHistorySaysOneThing() async throws {
    let sandbox = try Sandbox()
    let night = "2026-10-24T21:30:00+02:00"
    let added = try await sandbox.spotter(
      ["focus", "add", "2026-10-25T02:40:00+01:00", "--for", "30m", "--title", "Night shift"], now: night,
      writes: true)
    #expect(added.status == 0, "\(added.stderr)")
    let id = try #require(
      added.stdout.split(separator: "\n").first.map { String($0.split(separator: " ")[1]) })
    let alert = "focus-block-start-\(id)@spotter"
    let agenda = try sandbox.agenda()
    #expect(!agenda.contains("# spotter:\(alert)"), "\(agenda)")
    #expect(agenda.contains("# \(alert) fires at the second 02:35 of 2026-10-25"), "\(agenda)")

    // The first pass of 02:40 is an hour early: nothing is due.
    #expect(try await sandbox.spotter(["catch-up"], now: "2026-10-25T02:40:00+02:00").stdout.isEmpty)
    #expect(sandbox.delivered.isEmpty)
    // The catch-up line of the second pass, 5 minutes after the alert.
    let caught = try await sandbox.spotter(["catch-up"], now: "2026-10-25T02:40:00+01:00")
    #expect(caught.status == 0, "\(caught.stderr)")
    #expect(caught.stdout.contains("caught up, 5 min late"), "\(caught.stdout)")
    #expect(sandbox.delivered.count == 1)
    // Where the old line sat, past the overlap and the grace window.
    let late = try await sandbox.spotter(["fire", alert], now: "2026-10-25T03:10:00+01:00")
    #expect(late.status == 0, "\(late.stderr)")
    let history = try await sandbox.spotter(["history", "--json"], now: "2026-10-25T03:11:00+01:00")
    #expect(history.stdout.contains("\"outcome\" : \"delivered\""), "\(history.stdout)")
    #expect(!history.stdout.contains("\"outcome\" : \"missed\""), "\(history.stdout)")
    #expect(sandbox.delivered.count == 1)
  }

  @Test func theNightlyRunCatchesUpToo() async throws {
    let sandbox = try Sandbox()
    try await planned(sandbox)
    let run = try await sandbox.spotter(["run"], now: "2026-11-23T08:40:00+01:00", writes: true)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("catch-up: delivered \(uid)"))
    #expect(sandbox.delivered.count == 1)
    let skipped = try await sandbox.spotter(
      ["run", "--no-catch-up"], now: "2026-11-23T08:45:00+01:00", writes: true)
    #expect(!skipped.stdout.contains("catch-up"))
  }

  @Test func snoozeMovesTheAlarmAndTheAgendaLineAndOpensANewRound() async throws {
    let sandbox = try Sandbox()
    try await planned(sandbox)
    #expect(try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:30:00+01:00").status == 0)
    let snoozed = try await sandbox.spotter(["snooze", uid], now: "2026-11-23T08:31:20+01:00", writes: true)
    #expect(snoozed.status == 0, "\(snoozed.stderr)")
    #expect(snoozed.stdout.contains("fires 2026-11-23 09:32  seq 1"))
    let event = try #require(try sandbox.event(uid))
    #expect(event.sequence == 1)
    #expect(event.alarmInstants == [TestZones.instant("2026-11-23T09:32:00+01:00")])
    #expect(try sandbox.agendaLine(uid)?.hasPrefix("32 9 23 11 * ") == true)
    // The old line (if cron still had it) is not due; the new one delivers again.
    #expect(
      try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:31:30+01:00").stdout.contains("not-due"))
    #expect(
      try await sandbox.spotter(["fire", uid], now: "2026-11-23T09:32:00+01:00").stdout.contains("delivered"))
    #expect(sandbox.delivered.count == 2)
    // A re-plan keeps the snooze instead of undoing it.
    let rerun = try await sandbox.spotter(
      ["run", "--from", "today"], now: "2026-11-23T09:40:00+01:00", writes: true)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(try sandbox.event(uid)?.sequence == 1)
    let bad = try await sandbox.spotter(
      ["snooze", uid, "soon"], now: "2026-11-23T09:40:00+01:00", writes: true)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("'soon'"))
  }

  @Test func skipTodayAndDoneCancelTheReminderEverywhere() async throws {
    let sandbox = try Sandbox()
    try await planned(sandbox)
    let morning = "2026-11-23T07:00:00+01:00"
    let skip = try await sandbox.spotter(["skip", "today"], now: morning, writes: true)
    #expect(skip.status == 0, "\(skip.stderr)")
    #expect(try sandbox.event(uid)?.status == "CANCELLED")
    #expect(try sandbox.event(uid)?.sequence == 1)
    #expect(try sandbox.event(uid)?.alarmInstants.isEmpty == true)
    #expect(try sandbox.agendaLine(uid) == nil)
    #expect(
      try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:30:00+01:00").stdout.contains(
        "skipped \(uid) (Workout Time: Push Day!): day skipped"))
    #expect(
      try await sandbox.spotter(["plan", "--from", "today"], now: morning).stdout.contains(
        "skipped (spotter skip)")
    )

    let undo = try await sandbox.spotter(["skip", "today", "--undo"], now: morning, writes: true)
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try sandbox.event(uid)?.status == "CONFIRMED")
    #expect(try sandbox.event(uid)?.sequence == 2)

    let done = try await sandbox.spotter(["done", uid], now: morning, writes: true)
    #expect(done.status == 0, "\(done.stderr)")
    #expect(try sandbox.event(uid)?.status == "CANCELLED")
    #expect(try sandbox.event(uid)?.sequence == 3)
    #expect(
      try await sandbox.spotter(["fire", uid], now: "2026-11-23T08:30:00+01:00").stdout.contains(
        "marked done"))
    #expect(sandbox.delivered.isEmpty)
    let again = try await sandbox.spotter(["done", uid], now: morning, writes: true)
    #expect(again.status == 64)
    #expect(
      again.stderr.contains("is already done; 'spotter done \(uid) --undo' takes that back"),
      "\(again.stderr)")
    let unknown = try await sandbox.spotter(["fire", "nope@spotter"], now: morning)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("'nope@spotter'"))
  }

  @Test func aFailingNotifierIsReportedAndRetriedByTheNextCatchUp() async throws {
    let sandbox = try Sandbox()
    let ok = sandbox.dir.appendingPathComponent("ok").path
    let flaky = try Sandbox(
      notifier: "test -e '\(ok)' && printf '%s\\n' {uid} >> '\(sandbox.deliveredPath)'")
    try await planned(flaky)
    let failed = try await flaky.spotter(["fire", uid], now: "2026-11-23T08:30:00+01:00")
    #expect(failed.status == 69)
    #expect(failed.stderr.contains("exit status 1"))
    #expect(failed.stdout.contains("failed \(uid)"))
    let history = try await flaky.spotter(["history", "--json"], now: "2026-11-23T08:31:00+01:00")
    #expect(history.stdout.contains("\"outcome\" : \"failed\""))
    #expect(TestScratch.createFile(ok, Data()))
    // 40 minutes late, past the grace window, but a failure is retried until it is stale.
    let retry = try await flaky.spotter(["catch-up"], now: "2026-11-23T09:10:00+01:00")
    #expect(retry.status == 0, "\(retry.stderr)")
    #expect(retry.stdout.contains("delivered \(uid) (Workout Time: Push Day!): retry, 40 min late"))
    #expect(try await flaky.spotter(["catch-up"], now: "2026-11-23T09:20:00+01:00").stdout.isEmpty)
    #expect(sandbox.delivered == [uid])
  }

  /// A catch-up killed while a notifier runs loses nothing: only that reminder is interrupted
  /// (its notifier did run), and every other is still due and delivered by the next catch-up.
  @Test func aKilledCatchUpLeavesEveryUnstartedReminderDue() async throws {
    let sandbox = try Sandbox()
    for minute in 0..<5 {
      let added = try await sandbox.spotter(
        ["focus", "add", "2026-11-23T09:0\(minute)", "--for", "1m", "--title", "Block \(minute)"],
        now: "2026-11-22T21:30:12.5+01:00", writes: true)
      #expect(added.status == 0, "\(added.stderr)")
    }
    let killed = try await sandbox.spotter(
      ["catch-up"], now: "2026-11-23T09:10:07+01:00", environment: ["SPOTTER_CRASH_AT": "after-notify"])
    #expect(killed.status != 0, "the catch-up was not killed")
    #expect(sandbox.delivered.count == 1)
    let pending = try await SpotterBinary.sqlite(
      sandbox.db, "SELECT COUNT(*) FROM delivery WHERE outcome = 'pending'")
    #expect(pending == "1\n")
    let rerun = try await sandbox.spotter(["catch-up"], now: "2026-11-23T09:11:41+01:00")
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(rerun.stdout.split(separator: "\n").filter { $0.hasPrefix("delivered ") }.count == 4)
    #expect(Set(sandbox.delivered).count == 5 && sandbox.delivered.count == 5)
  }

  @Test func aSecondProcessWaitsThenExitsWithAClearMessage() async throws {
    let sandbox = try Sandbox()
    try await planned(sandbox)
    // flock(1) holds the same lock a spotter process would, says so once it has it, and keeps
    // it until its stdin closes: no guessing how long either takes on a slow machine.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = ["flock", sandbox.db + ".lock", "sh", "-c", "echo locked; read line"]
    let input = Pipe()
    let output = Pipe()
    holder.standardInput = input
    holder.standardOutput = output
    try holder.run()
    defer {
      try? input.fileHandleForWriting.close()
      holder.waitUntilExit()
    }
    let said = output.fileHandleForReading.readData(ofLength: 7)
    #expect(String(decoding: said, as: UTF8.self) == "locked\n")
    let blocked = try await sandbox.spotter(["run", "--wait", "0.3"], now: evening, writes: true)
    #expect(blocked.status == 75)
    #expect(blocked.stderr.contains("another spotter process"))
    // Reading needs no lock.
    #expect(try await sandbox.spotter(["plan"], now: evening).status == 0)
  }
}

/// Notifiers that hang, talk or outlive their shell.
@Suite struct NotifierEndToEndTests {
  let evening = "2026-11-22T21:30:00+01:00"
  let uid = "workout-reminder-2026-11-23@spotter"

  static func fifo(_ directory: URL, _ name: String) -> String {
    let path = directory.appendingPathComponent(name).path
    mkfifo(path, 0o600)
    return path
  }

  @Test func aHangingNotifierIsKilledWithItsChildrenAtTheTimeout() async throws {
    // The notifier's grandchild would hold our stdout open for 1000 s if it survived.
    let pidFile = try SpotterBinary.scratch().appendingPathComponent("child.pid").path
    let sandbox = try Sandbox(
      notifier: "sleep 1000 & echo $! > '\(pidFile)'; wait", extra: "timeout_seconds = 2")
    #expect(try await sandbox.spotter(["run", "--days", "1"], now: evening, writes: true).status == 0)
    // SpotterBinary.run reads stdout to its end: it returns only once every holder is gone.
    let fired = try await sandbox.spotter(["fire", uid, "--quiet"], now: "2026-11-23T08:30:00+01:00")
    #expect(fired.status == 69)
    #expect(fired.stdout.isEmpty)
    #expect(fired.stderr.contains("timed out after 2 s"))
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let child = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(ProcessProbe.ends(child), "the notifier's child \(child) outlived the timeout")
  }

  @Test func catchUpDoesNotHoldTheStoreWhileANotifierRuns() async throws {
    let pipes = try SpotterBinary.scratch()
    let started = Self.fifo(pipes, "started")
    let release = Self.fifo(pipes, "release")
    // The notifier says it started, then waits until the test lets it go. Its timeout is the
    // longest there is: on a loaded machine the `skip` below took longer than the default 30 s,
    // the notifier was killed, and the test waited for ever to open `release` for a reader that
    // was gone.
    let sandbox = try Sandbox(
      notifier: "echo started > '\(started)'; cat '\(release)' > /dev/null", extra: "timeout_seconds = 600")
    #expect(try await sandbox.spotter(["run", "--days", "1"], now: evening, writes: true).status == 0)
    let catchUp = Process()
    catchUp.executableURL = SpotterBinary.executable
    catchUp.environment = SpotterBinary.environment()
    catchUp.arguments = [
      "catch-up", "--config", sandbox.config, "--db", sandbox.db, "--now", "2026-11-23T08:35:00+01:00",
    ]
    catchUp.standardOutput = FileHandle.nullDevice
    try catchUp.run()
    // Waits until the notifier is running, or catch-up has ended without running it. Opened for
    // reading and writing, the FIFO opens at once, whoever else has it open.
    let signal = FileHandle(fileDescriptor: open(started, O_RDWR), closeOnDealloc: true)
    var ready = pollfd(fd: signal.fileDescriptor, events: Int16(POLLIN), revents: 0)
    while poll(&ready, 1, 1000) == 0 && catchUp.isRunning {}
    try #require(ready.revents & Int16(POLLIN) != 0, "catch-up ended without running the notifier")
    #expect(String(decoding: signal.readData(ofLength: 8), as: UTF8.self) == "started\n")
    // Another writing command gets the lock at once instead of waiting and exiting 75.
    let other = try await sandbox.spotter(["skip", "tomorrow", "--wait", "0"], now: evening, writes: true)
    #expect(other.status == 0, "\(other.stderr)")
    // Opened without waiting: with the notifier gone (killed, or catch-up failed) there is no
    // reader, and a blocking open would hang the suite instead of failing this test.
    let descriptor = open(release, O_WRONLY | O_NONBLOCK)
    #expect(descriptor >= 0, "the notifier no longer waits on \(release) (errno \(errno))")
    if descriptor >= 0 {
      let go = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      go.write(Data("go\n".utf8))
      try go.close()
    } else {
      catchUp.terminate()
    }
    catchUp.waitUntilExit()
    #expect(catchUp.terminationStatus == 0)
  }

  @Test func quietKeepsANotifiersOutputOffStdoutAndAFailureSaysWhatItPrinted() async throws {
    let sandbox = try Sandbox(notifier: "echo chatty; echo 'curl: (6) could not resolve host' >&2; exit 6")
    #expect(try await sandbox.spotter(["run", "--days", "1"], now: evening, writes: true).status == 0)
    let fired = try await sandbox.spotter(["fire", uid, "--quiet"], now: "2026-11-23T08:30:00+01:00")
    #expect(fired.status == 69)
    #expect(fired.stdout.isEmpty)
    #expect(fired.stderr.contains("exit status 6: 'curl: (6) could not resolve host'"))
  }
}

/// Results gathered from concurrent test processes.
final class LockedResults: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [SpotterBinary.Result?] = []

  func append(_ result: SpotterBinary.Result?) {
    lock.lock()
    stored.append(result)
    lock.unlock()
  }

  var values: [SpotterBinary.Result?] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
