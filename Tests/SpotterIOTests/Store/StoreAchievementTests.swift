import Foundation
import GRDB
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The achievements a store keeps are read back as saved: every key, byte for byte, and the
/// announced ones in the order they were earned.
@Suite struct StoreAchievementTests {
  @Test func everySavedKeyIsReadBackAndOnlyAnnouncedOnesArePlanned() throws {
    let path = TestScratch.root.appendingPathComponent("achievements-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try Store(path: path)
    #expect(try store.achievementKeys().isEmpty)
    let day = TestZones.date("2026-03-02")
    let start = TestZones.berlinClock.instant(day, LocalTime(hour: 18, minute: 0))
    // Keys as detection makes them, with non-ASCII exercise names and a key that is another's
    // prefix; enough of them that the set grows past its first sizes.
    let names = ["bankdrücken", "squat", "squat (barbell)", "卧推", "bench press"]
    let achievements = (0..<300).map { index -> Achievement in
      let name = names[index % names.count]
      return Achievement(
        key: "one-rep-max-record|\(name)|s\(index)", kind: .oneRepMaxRecord, sessionID: "s\(index)",
        date: day.adding(days: index), earnedAt: start.addingTimeInterval(Double(index) * 86_400),
        exercise: name, value: 100 + Double(index),
        announceAt: index % 100 == 7 ? start.addingTimeInterval(Double(index) * 86_400 + 60) : nil)
    }
    try store.queue.write { db in
      try Store.save(RunFindings(achievements: achievements.reversed(), abandoned: [], at: start), db: db)
    }
    #expect(try store.achievementKeys() == Set(achievements.map(\.key)))
    #expect(
      try store.achievements(announcedOnly: true).map(\.key)
        == ["s7", "s107", "s207"].map { id in
          achievements.first { $0.sessionID == id }!.key
        })
    #expect(try store.achievements().count == 300)
  }

  /// The announced achievements, read by every plan, come from an index of those alone, not from
  /// a scan of every achievement with its details.
  @Test func announcedAchievementsAreReadThroughTheirIndex() throws {
    let path = TestScratch.root.appendingPathComponent("achievements-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try Store(path: path)
    let plan = try store.queue.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Store.achievementsSQL(announcedOnly: true))
        .map { $0["detail"] as String }
    }
    #expect(plan == ["SCAN achievement USING INDEX achievement_announced"], "\(plan)")
  }
}
