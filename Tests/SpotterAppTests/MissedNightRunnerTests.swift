import Foundation
import SpotterCore
import Testing

@testable import SpotterApp

/// The night a crontab's nightly line did not start, run by the next catch-up, in process.
@Suite struct MissedNightRunnerTests {
  let sunday = "2026-11-22T21:30:00+01:00"
  let tuesdayMorning = "2026-11-24T08:00:00+01:00"

  /// A sandbox with Monday to Wednesday planned, whose store records an install of the crontab
  /// block (as `agenda install` leaves it) writing to its output folder.
  func installed() throws -> AppSandbox {
    let box = try AppSandbox(
      config:
        "timezone = \"Europe/Berlin\"\n[program]\nmon = \"Push Day\"\ntue = \"Pull Day\"\nwed = \"Leg Day\"\n"
        + "[agenda]\ntimezone = \"Europe/Berlin\"\n")
    let installation = AgendaInstaller.Installation(histories: [], outputDirectory: box.out)
    let workspace = try box.workspace(at: sunday)
    try workspace.store.write { store in
      try store.setSetting(
        AgendaInstaller.settingKey, String(decoding: try JSONEncoder().encode(installation), as: UTF8.self))
    }
    return box
  }

  /// Sunday's line ran, Monday's did not: Tuesday morning's catch-up runs Monday's night, which
  /// plans Tuesday and Wednesday, into the install's folder; and only once.
  @Test func theLatestMissedNightRunsOnce() throws {
    let box = try installed()
    #expect(
      try NightlyGate(workspace: try box.workspace(at: sunday)).claim()
        == .run(LocalDate(year: 2026, month: 11, day: 22)!))
    let night = try #require(try MissedNightRunner(workspace: try box.workspace(at: tuesdayMorning)).run())
    #expect(night.date == LocalDate(year: 2026, month: 11, day: 23)!)
    #expect(
      night.ending.report.horizon == Horizon(start: LocalDate(year: 2026, month: 11, day: 24)!, days: 2))
    #expect(night.ending.report.reminders == 2 && night.ending.failures.isEmpty)
    #expect(try box.read(NightlyRunner.calendarFileName).contains("UID:workout-reminder-2026-11-24@spotter"))
    #expect(try MissedNightRunner(workspace: try box.workspace(at: "2026-11-24T08:10:00+01:00")).run() == nil)
    // The line, firing late the same night, finds it claimed.
    #expect(
      try NightlyGate(workspace: try box.workspace(at: "2026-11-24T08:20:00+01:00")).claim()
        == .done(LocalDate(year: 2026, month: 11, day: 23)!))
  }

  /// Before the line has run a night (just installed), and with no block installed, a catch-up
  /// runs no night; nor while tonight's is not yet due and last night's ran.
  @Test func noNightRunsWithoutALineThatRanOrBeforeOneIsDue() throws {
    let fresh = try installed()
    #expect(try MissedNightRunner(workspace: try fresh.workspace(at: tuesdayMorning)).run() == nil)
    let uninstalled = try AppSandbox()
    _ = try NightlyGate(workspace: try uninstalled.workspace(at: sunday)).claim()
    #expect(try MissedNightRunner(workspace: try uninstalled.workspace(at: tuesdayMorning)).run() == nil)
    let box = try installed()
    _ = try NightlyGate(workspace: try box.workspace(at: sunday)).claim()
    #expect(try MissedNightRunner(workspace: try box.workspace(at: "2026-11-23T21:20:00+01:00")).run() == nil)
    #expect(!FileManager.default.fileExists(atPath: box.out + "/" + NightlyRunner.calendarFileName))
  }
}
