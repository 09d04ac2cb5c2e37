import Foundation
import GRDB
import SpotterCore

extension Store {
  /// The keys of every achievement found so far: all that detection needs to know of them.
  public func achievementKeys() throws -> Set<String> {
    try guarded { try queue.read { db in Set(try String.fetchAll(db, sql: "SELECT key FROM achievement")) } }
  }

  /// Every achievement found so far, oldest first; with `announcedOnly`, those with an
  /// announcement, the only ones planning reads (a first import records years of them silently).
  public func achievements(announcedOnly: Bool = false) throws -> [Achievement] {
    try guarded {
      try queue.read { db in
        let filter = announcedOnly ? " WHERE announce_at IS NOT NULL" : ""
        return try Row.fetchAll(
          db, sql: "SELECT key, detail FROM achievement\(filter) ORDER BY earned_at, key"
        ).map { row in
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
    if let cache = learned.plateauCache {
      try setSetting(
        plateauCacheKey, String(decoding: try achievementEncoder.encode(cache), as: UTF8.self), db: db)
    }
    if let digest = learned.achievementDigest { try setSetting(achievementDigestKey, digest, db: db) }
  }

  /// The setting that holds the digest of the last stored achievement detection.
  public static let achievementDigestKey = "achievements.digest"
  /// The setting that holds the last run's plateaus, as JSON.
  public static let plateauCacheKey = "plateaus.cache"

  /// The last run's plateaus; nil when there are none stored or they do not decode (then they
  /// are simply found again).
  public func plateauCache() throws -> FollowUpPlanner.PlateauCache? {
    guard let text = try setting(Self.plateauCacheKey) else { return nil }
    return try? Self.achievementDecoder.decode(FollowUpPlanner.PlateauCache.self, from: Data(text.utf8))
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
