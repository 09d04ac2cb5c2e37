import Foundation
import SpotterApp
import SpotterCore
import SpotterIO
import Testing

/// The alerts of repeating focus blocks are planned, reconciled and written a week at a time: the
/// outputs must be what one pass over every stored revision at once writes, and the store must
/// hold every revision the files carry.
@Suite struct FocusAlertStreamTests {
  /// A 60-day focus window, so a run crosses eight weeks of alerts and a DST change (29 March).
  let config = """
    timezone = "Europe/Berlin"
    [program]
    mon = "Push Day"
    [agenda]
    timezone = "Europe/Berlin"
    [focus]
    horizon_days = 60

    """

  /// The calendar and agenda that the store's revisions give when read all at once, in order.
  func writtenAllAtOnce(_ box: AppSandbox, at now: String) throws -> (calendar: String, agenda: String) {
    let workspace = try box.workspace(at: now)
    let reference = box.dir.appendingPathComponent("reference").path
    try workspace.store.write { store in
      let publisher = OutputPublisher(workspace: workspace)
      _ = try publisher.publish(
        records: try publisher.storedRecords(store: store, replacing: []), store: store,
        outputDirectory: reference
      ) {}
    }
    return (
      try String(contentsOfFile: reference + "/" + NightlyRunner.calendarFileName, encoding: .utf8),
      try String(contentsOfFile: reference + "/" + NightlyRunner.agendaFileName, encoding: .utf8)
    )
  }

  /// Fails with the first line where `written` and `expected` part.
  func expectSame(_ written: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let (a, b) = (written.components(separatedBy: "\n"), expected.components(separatedBy: "\n"))
    guard
      let index = (0..<max(a.count, b.count)).first(where: {
        $0 >= a.count || $0 >= b.count || a[$0] != b[$0]
      })
    else { return }
    let around = { (text: [String]) in
      text[max(0, index - 3)..<min(text.count, index + 3)].joined(separator: "\n")
    }
    Issue.record(
      "line \(index + 1) differs:\n\(around(a))\n--- expected ---\n\(around(b))",
      sourceLocation: sourceLocation)
  }

  func run(_ box: AppSandbox, at now: String) throws -> RunReport {
    try NightlyRunner(workspace: try box.workspace(at: now)).run(
      histories: [], horizon: .coming(count: 1), outputDirectory: box.out, catchUp: false, changesByUID: false
    )
  }

  @Test func streamedOutputsAreTheStoredRevisionsReadAtOnce() throws {
    let box = try AppSandbox(config: config)
    let morning = "2026-03-02T06:10:27+01:00"
    let focus = FocusService(workspace: try box.workspace(at: morning), outputDirectory: box.out)
    _ = try focus.add(
      .init(start: "07:30", end: nil, duration: "45m"), title: "Pages", every: "daily", until: nil,
      force: false)
    // Crosses midnight, so its alerts' ends fall on the next day; ends inside the window.
    _ = try focus.add(
      .init(start: "23:30", end: nil, duration: "2h"), title: "Late", every: "mon,wed,fri",
      until: "2026-04-10",
      force: false)
    _ = try focus.add(
      .init(start: "2026-03-04 14:00", end: nil, duration: "1h"), title: "One-off", every: nil, until: nil,
      force: false)

    _ = try run(box, at: morning)
    let reference = try writtenAllAtOnce(box, at: morning)
    expectSame(try box.read(NightlyRunner.calendarFileName), reference.calendar)
    expectSame(try box.read(NightlyRunner.agendaFileName), reference.agenda)
    let calendar = try box.read(NightlyRunner.calendarFileName)
    #expect(calendar.components(separatedBy: "SUMMARY:Pages\r\n").count - 1 == 60)

    // A day later, with seconds on the clock: yesterday's alerts leave the outputs, today's
    // 07:30 alert is past its early fire time and says "starts now".
    let later = "2026-03-03T07:20:41+01:00"
    let second = try run(box, at: later)
    #expect(second.changed >= 1)
    let again = try writtenAllAtOnce(box, at: later)
    expectSame(try box.read(NightlyRunner.calendarFileName), again.calendar)
    expectSame(try box.read(NightlyRunner.agendaFileName), again.agenda)
  }

  @Test func aShortenedLastAlertStillGivesTheExactSpan() throws {
    let box = try AppSandbox(config: config)
    let now = "2026-11-23T08:00:12+01:00"
    let focus = FocusService(workspace: try box.workspace(at: now), outputDirectory: box.out)
    // Every day at 23:00 for three hours: each alert ends the next day, the last one past the window.
    let added = try focus.add(
      .init(start: "23:00", end: nil, duration: "3h"), title: "Night", every: "daily", until: nil,
      force: false)
    let span = try box.read(NightlyRunner.agendaFileName).split(separator: "\n").first
    #expect(span == "# Spotter agenda for 2026-11-23 to 2027-01-22 (calendar zone Europe/Berlin)")
    // Now it ends before midnight, saved by a streamed run: every stored end is later than its
    // new revision's, so the stored ends overstate the span by a day and every week is read for
    // the exact one.
    let id = try #require(added.blocks.first?.id)
    let workspace = try box.workspace(at: now)
    try workspace.change(outputDirectory: box.out) { change in
      var block = try #require(try change.store.focusBlocks().first { $0.id == id })
      block.start = block.start.addingTimeInterval(-2 * 3600)
      block.end = block.start.addingTimeInterval(3600)
      try change.plan(.coming(count: 1), overrides: PlanOverrides(blocks: [block]), materialized: false) {
        try change.store.save($0.changed, focusUpserts: [block], findings: $0.findings)
      }
    }
    let agenda = try box.read(NightlyRunner.agendaFileName)
    #expect(
      agenda.split(separator: "\n").first
        == "# Spotter agenda for 2026-11-23 to 2027-01-21 (calendar zone Europe/Berlin)")
    let reference = try writtenAllAtOnce(box, at: now)
    #expect(try box.read(NightlyRunner.calendarFileName) == reference.calendar)
    #expect(agenda == reference.agenda)
  }

  @Test func aFailedSaveKeepsNoStreamedRevision() throws {
    struct Refused: Error {}
    let box = try AppSandbox(config: config)
    let now = "2026-11-23T08:00:12+01:00"
    let focus = FocusService(workspace: try box.workspace(at: now), outputDirectory: box.out)
    _ = try focus.add(
      .init(start: "07:30", end: nil, duration: "45m"), title: "Pages", every: "daily", until: nil,
      force: false)
    let from = try #require(LocalDate(year: 2026, month: 11, day: 1))
    let before = try Store(readingAt: box.db).reminders(from: from)
    let calendarBefore = try box.read(NightlyRunner.calendarFileName)

    // A day later the window has moved on, so the walk writes new revisions; the command's save
    // then fails, and they must not reach the store, then or with a later save.
    let workspace = try box.workspace(at: "2026-11-24T07:20:41+01:00")
    try workspace.store.write { store in
      let outcome = try NightlyRunner(workspace: workspace).plan(store: store, request: .coming(count: 1))
      #expect(throws: Refused.self) {
        _ = try OutputPublisher(workspace: workspace).publish(outcome, store: store, outputDirectory: box.out)
        {
          throw Refused()
        }
      }
      // The transaction is gone: a later save writes only itself.
      try store.save([])
    }
    #expect(try Store(readingAt: box.db).reminders(from: from) == before)
    #expect(try box.read(NightlyRunner.calendarFileName) == calendarBefore)

    // The same run, saved, keeps every revision it wrote.
    let report = try run(box, at: "2026-11-24T07:20:41+01:00")
    #expect(report.changed > 0)
    #expect(
      try box.read(NightlyRunner.calendarFileName)
        == (try writtenAllAtOnce(box, at: "2026-11-24T07:20:41+01:00")).calendar)
  }
}
