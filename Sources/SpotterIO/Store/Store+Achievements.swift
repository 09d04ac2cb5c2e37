import Foundation
import GRDB
import SpotterCore

extension Store {
  /// Every achievement found so far, oldest first.
  public func achievements() throws -> [Achievement] {
    try guarded {
      try queue.read { db in
        try Row.fetchAll(db, sql: "SELECT key, detail FROM achievement ORDER BY earned_at, key").map { row in
          let detail: String = row["detail"]
          guard
            let achievement = try? Self.achievementDecoder.decode(Achievement.self, from: Data(detail.utf8))
          else {
            throw SpotterIOError.store(path: path, reason: "damaged achievement '\(row["key"] as String)'")
          }
          return achievement
        }
      }
    }
  }

  static func save(_ learned: RunFindings, db: Database) throws {
    let insert = try db.cachedStatement(
      sql: """
        INSERT OR IGNORE INTO achievement (key, kind, session_id, date, earned_at, announce_at,
          recorded_at, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for achievement in learned.achievements {
      let detail = String(decoding: try achievementEncoder.encode(achievement), as: UTF8.self)
      try insert.execute(arguments: [
        achievement.key, achievement.kind.rawValue, achievement.sessionID, achievement.date.description,
        achievement.earnedAt.timeIntervalSince1970, achievement.announceAt?.timeIntervalSince1970,
        learned.at.timeIntervalSince1970, detail,
      ])
    }
    for id in learned.abandoned { try mark(id, state: .abandoned, at: learned.at, db: db) }
  }

  static var achievementEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }

  static var achievementDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }
}
