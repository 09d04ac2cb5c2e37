import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// Reads the real exports in `../shared/fixtures` (beside the checkout) when that folder exists.
///
/// They are not part of the project, so the test is skipped elsewhere; here it proves the readers
/// on files nobody on this project wrote.
@Suite struct SharedFixtureConformanceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/fixtures")
  static let available = FileManager.default.fileExists(atPath: root.path)

  @Test(.enabled(if: available)) func realStrongExport() throws {
    let path = Self.root.appendingPathComponent("strong/strong-2025-semicolon-workoutnum.csv").path
    let (format, sessions) = try FixtureLoader.importer().read(path: path)
    #expect(format == .strongCSV)
    // `Workout #` runs 1...47 in this export, one per distinct Date.
    #expect(sessions.count == 47)
    #expect(sessions.allSatisfy { !$0.exercises.isEmpty || $0.setCount == 0 })
    #expect(sessions.flatMap(\.exercises).flatMap(\.sets).allSatisfy { $0.unit == .kilograms })
  }

  @Test(.enabled(if: available)) func realHevyExport() throws {
    let path = Self.root.appendingPathComponent("hevy/hevy-2026-kg-rpe-supersets.csv").path
    let (format, sessions) = try FixtureLoader.importer().read(path: path)
    #expect(format == .hevyCSV)
    #expect(sessions.count > 10)
    #expect(zip(sessions, sessions.dropFirst()).allSatisfy { $0.start <= $1.start })
    let kinds = Set(sessions.flatMap(\.exercises).flatMap(\.sets).map(\.kind))
    #expect(kinds == [.normal, .warmup, .failure, .drop])
  }

  @Test(.enabled(if: available)) func realChineseStrongExport() throws {
    let path = Self.root.appendingPathComponent("strong/strong-zh-dericmei.csv").path
    let (format, sessions) = try FixtureLoader.importer(unit: .pounds).read(path: path)
    #expect(format == .strongCSV)
    // 384 distinct Date values, 2020-09-29 to 2023-12-17 (the fixtures README).
    #expect(sessions.count == 384)
    // Four workouts ran on for 7 h 40 min to 72 h 16 min (never finished in the app): no end.
    #expect(sessions.filter { $0.end == nil }.count == 4)
  }

  @Test(.enabled(if: available)) func realFitNotesExports() throws {
    let android = Self.root.appendingPathComponent("fitnotes/fitnotes-android-prashantjt.csv").path
    let (format, days) = try FixtureLoader.importer().read(path: android)
    #expect(format == .fitNotesCSV)
    #expect(days.count == 124)
    #expect(days.allSatisfy { !$0.hasTimeOfDay })
    let iOS = Self.root.appendingPathComponent("fitnotes/fitnotes-ios-melvinrdn.csv").path
    let (iOSFormat, workouts) = try FixtureLoader.importer().read(path: iOS)
    #expect(iOSFormat == .fitNotesIOSCSV)
    #expect(workouts.count == 50)
    #expect(workouts.allSatisfy { $0.end != nil })
  }
}
