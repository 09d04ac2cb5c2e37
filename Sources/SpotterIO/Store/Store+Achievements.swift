import Foundation
import GRDB
import SpotterCore

extension Store {
  /// The keys of every achievement found so far: all that detection needs to know of them.
  ///
  /// Read with SQLite's own calls into a set sized once: through GRDB's generic fetch and a set
  /// grown key by key, the thousand keys of a five-year store cost 2.8 million instructions a
  /// night, 4% of an unchanged single run.
  public func achievementKeys() throws -> Set<String> {
    try guarded {
      try read { db in
        // The key is NOT NULL; a NULL could only come of a store edited by hand, and names
        // nothing detection finds.
        // Set's own initialiser sizes it from the array's count before inserting.
        Set(
          try Self.rows(db, sql: "SELECT key FROM achievement", arguments: []) { Self.text($0, 0) ?? "" })
      }
    }
  }

  /// Every achievement found so far, oldest first; with `announcedOnly`, those with an
  /// announcement, the only ones planning reads (a first import records years of them silently).
  public func achievements(announcedOnly: Bool = false) throws -> [Achievement] {
    try guarded {
      try read { db in
        try Row.fetchAll(db, sql: Self.achievementsSQL(announcedOnly: announcedOnly)).map { row in
          let detail: String = row["detail"]
          guard
            let achievement = try? Self.achievementDecoder.decode(Achievement.self, from: Data(detail.utf8))
          else {
            throw SpotterIOError.store(
              path: path,
              reason: Phrase(
                "damaged achievement '\(row["key"] as String)'",
                de: "beschädigter Erfolg '\(row["key"] as String)'"))
          }
          return achievement
        }
      }
    }
  }

  /// What ``achievements(announcedOnly:)`` asks; the announced ones are read through the index
  /// of those alone (schema 11).
  static func achievementsSQL(announcedOnly: Bool) -> String {
    let filter = announcedOnly ? " WHERE announce_at IS NOT NULL" : ""
    return "SELECT key, detail FROM achievement\(filter) ORDER BY earned_at, key"
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
    if let cursor = learned.achievementCursor {
      try setSetting(
        achievementCursorKey, packedCursor(cursor, state: AchievementStateCoder.encode(cursor.state)), db: db)
    }
    if let cursor = learned.plateauCursor {
      try setSetting(
        plateauCursorKey, packedCursor(cursor, state: PlateauStateCoder.encode(cursor.state)), db: db)
    }
    if let learned = learned.learned {
      try setSetting(
        learnedPatternKey, Data(LearnedPatternCoder.encode(learned)).base64EncodedString(), db: db)
    }
    // Written by earlier versions, which replayed everything whenever anything changed.
    for key in ["achievements.digest", "plateaus.cache"] { try setSetting(key, nil, db: db) }
  }

  /// The setting that holds where the last stored achievement detection stopped, packed by
  /// ``packedCursor(_:state:)``.
  public static let achievementCursorKey = "achievements.cursor"
  /// The setting that holds where the last stored plateau detection stopped, packed by
  /// ``packedCursor(_:state:)``.
  public static let plateauCursorKey = "plateaus.cursor"
  /// The setting that holds the last learned pattern and its key, packed by
  /// ``LearnedPatternCoder`` in base64.
  public static let learnedPatternKey = "pattern.learned"

  /// The last learned pattern and the key of what it was learned from; nil when none is stored,
  /// it does not decode (the JSON of earlier versions included), or it is not of the shape a
  /// pattern has: then the run learns afresh.
  public func learnedPattern() throws -> LearnedPattern? {
    guard let text = try setting(Self.learnedPatternKey),
      let data = Data(base64Encoded: text),
      let learned = data.withUnsafeBytes(LearnedPatternCoder.decode),
      learned.isWellFormed
    else { return nil }
    return learned
  }

  /// Where the last stored run's achievement detection stopped; nil when nothing is stored or it
  /// does not decode: then detection replays from the start.
  public func achievementCursor() throws -> ProgressCursor<AchievementDetector.State>? {
    try setting(Self.achievementCursorKey).flatMap {
      Self.unpackedCursor($0, decode: AchievementStateCoder.decode)
    }
  }

  /// How many sessions the stored achievement cursor covers, and its digest, read without its
  /// state (years of records); nil when none is stored or its start is not of that form.
  public func achievementCursorHead() throws -> (sessions: Int, digest: String)? {
    let head = try guarded {
      try read { db in
        try String.fetchOne(
          db.cachedStatement(sql: "SELECT substr(value, 1, 64) FROM setting WHERE key = ?"),
          arguments: [Self.achievementCursorKey])
      }
    }
    guard let fields = head.flatMap(Self.cursorFields), fields.sessions >= 0, !fields.digest.isEmpty else {
      return nil
    }
    return (fields.sessions, fields.digest)
  }

  /// Where the last stored run's plateau detection stopped, with the plateaus found; nil when
  /// nothing is stored or it does not decode (the JSON of earlier versions included): then
  /// detection replays from the start.
  public func plateauCursor() throws -> ProgressCursor<PlateauDetector.State>? {
    try setting(Self.plateauCursorKey).flatMap { Self.unpackedCursor($0, decode: PlateauStateCoder.decode) }
  }

  /// A cursor as a setting holds it: `sessions digest state`, the state packed by its coder, in
  /// base64.
  static func packedCursor<State>(_ cursor: ProgressCursor<State>, state: [UInt8]) -> String {
    "\(cursor.sessions) \(cursor.digest) \(Data(state).base64EncodedString())"
  }

  /// The cursor in `text`, as ``packedCursor(_:state:)`` writes it; nil when it is not three
  /// fields, the count is not a number, or the state does not decode.
  static func unpackedCursor<State>(
    _ text: String, decode: (UnsafeRawBufferPointer) -> State?
  ) -> ProgressCursor<State>? {
    guard let fields = cursorFields(text), let data = Data(base64Encoded: Data(fields.state)),
      let state = data.withUnsafeBytes(decode)
    else { return nil }
    return ProgressCursor(sessions: fields.sessions, digest: fields.digest, state: state)
  }

  /// The count, the digest and the packed state of a cursor as ``packedCursor(_:state:)`` writes
  /// it (or of its start: the state may be cut off); nil when there are not three fields or the
  /// count is not a number.
  static func cursorFields(_ text: String) -> (sessions: Int, digest: String, state: Substring.UTF8View)? {
    // Split by bytes: the state is years of records in base64, and a split by characters walked
    // its grapheme clusters, a third of a millisecond a night on a five-year store.
    let bytes = Substring(text).utf8
    let space = UInt8(ascii: " ")
    guard let first = bytes.firstIndex(of: space),
      let second = bytes[bytes.index(after: first)...].firstIndex(of: space),
      let sessions = Int(Substring(bytes[..<first]))
    else { return nil }
    return (
      sessions, String(Substring(bytes[bytes.index(after: first)..<second])),
      bytes[bytes.index(after: second)...]
    )
  }

  /// The JSON of the achievements: sorted keys, so the same content is always the same bytes and
  /// saving it again writes nothing.
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
