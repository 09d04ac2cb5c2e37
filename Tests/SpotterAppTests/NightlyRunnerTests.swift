import Foundation
import SpotterApp
import SpotterCore
import Testing

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

  /// A clock with seconds, just after midnight: nothing hangs, today is planned from now on.
  @Test func aClockWithSecondsJustAfterMidnightPlansTheComingDays() throws {
    let box = try AppSandbox()
    let report = try NightlyRunner(workspace: try box.workspace(at: "2026-11-23T00:00:37+01:00")).run(
      histories: [try box.strongExport()], horizon: .coming(count: 1), outputDirectory: box.out)
    #expect(report.horizon.start <= LocalDate(parsing: "2026-11-24")!)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("BEGIN:VCALENDAR"))
  }
}
