import Foundation
import SpotterApp
import SpotterCore
import SpotterIO
import Testing

/// The catch-up's mark, lived night by night: a person whose Monday reminders fire unseen and
/// whose nightly run catches up. With the mark, each night's catch-up reads only the last days'
/// reminders; what it concludes must be what it concluded reading every reminder ever fired.
@Suite struct CatchUpMarkTests {
  static let config = """
    timezone = "Europe/Berlin"
    [program]
    mon = "Push Day"
    wed = "Pull Day"
    [notify]
    commands = ["true"]

    """

  /// Runs the nightly job at 21:30 on each of `nights` days from 2026-11-02, with the mark
  /// forgotten before each night when `forgetting`; returns every conclusion the catch-ups
  /// recorded (UID, round, revision, outcome) and the mark after each night.
  func live(nights: Int, forgetting: Bool) throws -> ([String], [String?]) {
    let box = try AppSandbox(config: Self.config)
    let clock = ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let first = LocalDate(parsing: "2026-11-02")!
    var marks: [String?] = []
    var conclusions: [String] = []
    for night in 0..<nights {
      let instant = clock.instant(first.adding(days: night), LocalTime(hour: 21, minute: 30))
      let workspace = try box.workspace(at: ISO8601DateFormatter().string(from: instant))
      if forgetting { try workspace.store.write { try $0.setSetting(Store.catchUpMarkKey, nil) } }
      _ = try NightlyRunner(workspace: workspace).run(
        histories: [], horizon: .coming(count: 3), outputDirectory: box.out)
      marks.append(try workspace.store.read { try $0.setting(Store.catchUpMarkKey) })
      conclusions = try workspace.store.read { try $0.deliveries(since: .distantPast) }
        .map { "\($0.uid) \($0.round) \($0.sequence) \($0.outcome)" }.sorted()
    }
    return (conclusions, marks)
  }

  @Test func theMarkMovesAWeekAtATimeAndConcludesWhatAFullReadConcludes() throws {
    let (marked, marks) = try live(nights: 23, forgetting: false)
    let (full, _) = try live(nights: 23, forgetting: true)
    // Two days behind the first night's catch-up, then moved only when a week behind.
    let clock = ZoneClock(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let firstNight = clock.instant(LocalDate(parsing: "2026-11-02")!, LocalTime(hour: 21, minute: 30))
    let expected = Int(firstNight.timeIntervalSince1970) - 2 * 86400
    #expect(marks[0]?.hasPrefix("\(expected) ") == true, "\(marks[0] ?? "nil")")
    #expect(Set(marks[0..<7]).count == 1)
    #expect(marks[7]?.hasPrefix("\(expected + 7 * 86400) ") == true, "\(marks[7] ?? "nil")")
    #expect(Set(marks).count == 4)
    // The same conclusions, reminder by reminder: delivered, missed or discarded alike.
    #expect(marked == full)
    #expect(marked.count >= 6, "\(marked)")
  }
}
