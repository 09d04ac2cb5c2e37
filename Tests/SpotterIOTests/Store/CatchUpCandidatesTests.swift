import Foundation
import GRDB
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The catch-up's candidates, read as plain statements and decided in Swift, are exactly
/// those of the single statement it replaced, on random stores: reminders of several revisions
/// and statuses, snoozed rounds, deliveries of every outcome on named and unnamed channels.
@Suite struct CatchUpCandidatesTests {
  /// The statement the candidates were read with before, as the reference.
  static func referenceUIDs(after: Double?, through: Double, channels: [String], db: Database) throws
    -> [String]
  {
    let placeholders = Array(repeating: "?", count: channels.count).joined(separator: ", ")
    var arguments: StatementArguments = [after ?? -Double.greatestFiniteMagnitude, through]
    arguments += StatementArguments(channels)
    arguments += [channels.count]
    return try String.fetchAll(
      db,
      sql: """
        SELECT r.uid FROM reminder r
        LEFT JOIN reminder_action a ON a.uid = r.uid
        WHERE r.status = 'CONFIRMED' AND r.fires_at > ? AND r.fires_at <= ?
          AND NOT EXISTS (
            SELECT 1 FROM delivery d WHERE d.uid = r.uid AND d.round = COALESCE(a.round, 0)
              AND d.sequence = r.sequence AND d.outcome IN ('skipped', 'missed', 'discarded'))
          AND (SELECT COUNT(DISTINCT d.channel) FROM delivery d
            WHERE d.uid = r.uid AND d.round = COALESCE(a.round, 0)
              AND d.outcome IN ('pending', 'delivered') AND d.channel IN (\(placeholders))) < ?
        ORDER BY r.fires_at, r.uid
        """, arguments: arguments)
  }

  @Test func twoPlainReadsAgreeWithTheSingleStatement() throws {
    var generator = SeededGenerator(seed: 46)
    let outcomes = ["pending", "delivered", "failed", "skipped", "missed", "discarded"]
    let channelNames = ["c1", "c2", "c3"]
    var compared = 0
    var nonEmpty = 0
    for round in 0..<40 {
      let store = try Store(
        path: TestScratch.root.appendingPathComponent("spotter-catchup-\(UUID().uuidString)/spotter.sqlite")
          .path)
      try store.queue.write { db in
        for index in 0..<Int.random(in: 1...30, using: &generator) {
          let uid = "workout-reminder-\(round)-\(index)@spotter"
          let sequence = Int.random(in: 0...2, using: &generator)
          // Equal fire times among some, so the UID decides their order.
          let fires = Double(Int.random(in: 0...20, using: &generator) * 3600)
          try db.execute(
            sql: """
              INSERT INTO reminder (uid, kind, date, status, sequence, stamp, starts_at, ends_at, fires_at, title, body)
              VALUES (?, 'workout', '2026-11-23', ?, ?, 0, ?, ?, ?, 'Workout Time!', '')
              """,
            arguments: [
              uid, Bool.random(using: &generator) ? "CONFIRMED" : "CANCELLED", sequence, fires, fires, fires,
            ])
          let actionRound = Int.random(in: 0...3, using: &generator)
          if actionRound > 0 {
            try db.execute(
              sql: "INSERT INTO reminder_action (uid, round) VALUES (?, ?)",
              arguments: [uid, actionRound - 1])
          }
          for _ in 0..<Int.random(in: 0...5, using: &generator) {
            let channel: String? =
              Int.random(in: 0...3, using: &generator) == 0
              ? nil : channelNames.randomElement(using: &generator)
            try db.execute(
              sql: """
                INSERT OR IGNORE INTO delivery (uid, kind, title, round, sequence, channel, fires_at, at, outcome, reason)
                VALUES (?, 'workout', 'Workout Time!', ?, ?, ?, 0, 0, ?, '')
                """,
              arguments: [
                uid, Int.random(in: 0...2, using: &generator), Int.random(in: 0...2, using: &generator),
                channel,
                outcomes.randomElement(using: &generator)!,
              ])
          }
        }
      }
      try store.queue.read { db in
        for channels in [["c1"], ["c1", "c2"], ["c2", "c1", "c3"], ["c1", "c1"]] {
          for after in [nil, 3600.0 * 5] as [Double?] {
            let through = Double(Int.random(in: 0...20, using: &generator) * 3600)
            let expected = try Self.referenceUIDs(after: after, through: through, channels: channels, db: db)
            let got = try Store.unsettledReminderUIDs(
              after: after, through: through, channels: channels, db: db)
            #expect(
              got == expected, "round \(round), channels \(channels), after \(String(describing: after))")
            compared += 1
            if !expected.isEmpty { nonEmpty += 1 }
          }
        }
      }
    }
    // The comparison saw both answers many times.
    #expect(nonEmpty > compared / 4 && nonEmpty < compared)
  }
}
