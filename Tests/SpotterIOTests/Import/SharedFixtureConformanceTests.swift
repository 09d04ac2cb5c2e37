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

  /// Every real export in the folder, by app.
  static func exports() -> [String] {
    ["strong", "hevy", "fitnotes", "apple-health"].flatMap { folder -> [String] in
      let dir = root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
      return names.filter { $0.hasSuffix(".csv") || $0.hasSuffix(".xml") }.sorted().map {
        dir.appendingPathComponent($0).path
      }
    }
  }

  /// The sessions of a CSV export as counted by Python's csv module, which shares no code with
  /// Spotter: distinct (workout name, start) pairs, or distinct dates for FitNotes.
  static func independentCount(_ path: String) throws -> Int {
    let script = """
      import csv, io, sys
      text = open(sys.argv[1], encoding='utf-8-sig').read()
      first = text.split('\\n', 1)[0]
      rows = list(csv.reader(io.StringIO(text), delimiter=';' if first.count(';') > first.count(',') else ','))
      h = [c.strip() for c in rows[0]]
      def col(*names):
          return next((h.index(n) for n in names if n in h), None)
      if 'start_time' in h: a, b = col('title'), col('start_time')
      elif 'StartTime' in h: a, b = col('Name'), col('StartTime')
      elif 'Category' in h: a, b = None, col('Date')
      else: a, b = col('Workout Name', '锻炼名称', 'Workout-Name'), col('Date', '日期', 'Datum')
      print(len({(r[a].strip() if a is not None else '', r[b]) for r in rows[1:] if len(r) >= len(h)}))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try #require(
      Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// Every real export in `../shared/fixtures` imports, with the sessions an independent count
  /// gives; every Strong one also imports with its header replaced by unknown words, to the same
  /// sessions and sets.
  @Test(.enabled(if: available)) func everyRealExportImportsWithTheIndependentCount() throws {
    let exports = Self.exports()
    #expect(exports.count >= 16)
    for path in exports {
      let unit: WeightUnit =
        path.contains("zh-dericmei") || path.contains("heyparkerj") ? .pounds : .kilograms
      let (_, sessions) = try FixtureLoader.importer(unit: unit).read(path: path)
      if path.hasSuffix(".csv") {
        #expect(try sessions.count == Self.independentCount(path), "\(path)")
      }
      guard path.contains("/strong/") else { continue }
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let (format, inferred) = try FixtureLoader.importer(unit: unit).parse(
        Data(StrongLocalizedHeaderTests.unknownHeader(text).utf8), fileName: path)
      #expect(format == .strongCSV)
      #expect(inferred == sessions, "\(path)")
    }
  }
}
