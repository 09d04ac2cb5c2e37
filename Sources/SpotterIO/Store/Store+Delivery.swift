import Foundation
import GRDB
import GRDBSQLite
import SpotterCore

extension Store {
  /// The UIDs of the confirmed reminders whose fire time is at or before `instant`, with no
  /// conclusion for their current revision and some notifier of `channels` not yet claimed in
  /// their current round, by fire time: what a catch-up has to look at. A catch-up reads each
  /// reminder again under its own lock, so only the UIDs are read here (every night, for a
  /// reminder table that holds every past night's reminders).
  ///
  /// Reminders firing at or before the catch-up's mark for these same channels
  /// (``catchUpMark(channels:db:)``) are known settled and not looked at: without it the
  /// query read every reminder the store ever fired, every night (1,500 reminders, three years of
  /// nights, cost 11 million instructions, more than the rest of an unchanged night). The mark
  /// read is returned with the UIDs: a catch-up moves it only when it is a week behind, and
  /// knows so without reading again.
  public func catchUpCandidates(firingBy instant: Date, channels: [String]) throws -> (
    uids: [String], mark: Date?
  ) {
    guard !channels.isEmpty else { return ([], nil) }
    return try guarded {
      try read { db in
        let mark = try Self.catchUpMark(channels: channels, db: db)
        let uids = try Self.unsettledReminderUIDs(
          after: mark, through: instant.timeIntervalSince1970, channels: channels, db: db)
        return (uids, mark.map(Date.init(timeIntervalSince1970:)))
      }
    }
  }

  /// The unsettled reminders firing after `after` (nil: from the first) and at or before
  /// `through`, by fire time.
  ///
  /// A reminder is unsettled when no delivery of its round and revision concluded it (skipped,
  /// missed, discarded) and fewer of `channels` than all hold it pending or delivered. Read as
  /// plain statements and decided here: as one statement with both conditions as correlated
  /// subqueries, SQLite spent 280,000 instructions preparing it, the most of any statement of an
  /// unchanged night after the schema's own parse.
  static func unsettledReminderUIDs(after: Double?, through: Double, channels: [String], db: Database) throws
    -> [String]
  {
    let span: StatementArguments = [after ?? -Double.greatestFiniteMagnitude, through]
    // The reminders alone, put in fire time and UID order here, and each one's round read after:
    // joined with its actions and ordered by SQLite, the statement cost 137,000 instructions to
    // prepare on every night, most of which find no candidate at all.
    var found = try rows(
      db,
      sql:
        "SELECT uid, sequence, fires_at FROM reminder WHERE status = 'CONFIRMED' AND fires_at > ? AND fires_at <= ?",
      arguments: span
    ) { (uid: text($0, 0) ?? "", sequence: sqlite3_column_int64($0, 1), fires: sqlite3_column_double($0, 2)) }
    guard !found.isEmpty else { return [] }
    found.sort {
      $0.fires != $1.fires ? $0.fires < $1.fires : $0.uid.utf8.lexicographicallyPrecedes($1.uid.utf8)
    }
    let rounds = try db.cachedStatement(sql: "SELECT round FROM reminder_action WHERE uid = ?")
    let candidates = try found.map { candidate in
      (
        uid: candidate.uid, sequence: candidate.sequence,
        round: try Int64.fetchOne(rounds, arguments: [candidate.uid]) ?? 0
      )
    }
    struct Held: Hashable {
      var uid: String
      var round: Int64
    }
    // The revisions concluded, and the channels holding each reminder's round.
    var concludedSequences: [Held: Set<Int64>] = [:]
    var holding: [Held: Set<String>] = [:]
    let wanted = Set(channels)
    let deliveries = try Row.fetchCursor(
      db,
      sql: """
        SELECT uid, round, sequence, outcome, channel FROM delivery
        WHERE uid IN (SELECT uid FROM reminder WHERE status = 'CONFIRMED' AND fires_at > ? AND fires_at <= ?)
        """, arguments: span)
    while let row = try deliveries.next() {
      let held = Held(uid: row[0], round: row[1])
      let outcome: String = row[3]
      switch outcome {
      case "skipped", "missed", "discarded":
        concludedSequences[held, default: []].insert(row[2])
      case "pending", "delivered":
        let channel: String? = row[4]
        if let channel, wanted.contains(channel) { holding[held, default: []].insert(channel) }
      default: break
      }
    }
    return candidates.compactMap { candidate -> String? in
      let held = Held(uid: candidate.uid, round: candidate.round)
      if concludedSequences[held]?.contains(candidate.sequence) ?? false { return nil }
      return (holding[held]?.count ?? 0) < channels.count ? held.uid : nil
    }
  }

  /// The setting that holds the catch-up's mark: a fire time and the channels it holds for.
  public static let catchUpMarkKey = "catchup.settled"

  /// The fire time at or before which every confirmed reminder is settled for `channels`, as a
  /// catch-up left them; nil when no mark holds for these channels (a notifier added or removed
  /// makes every old reminder a candidate again, as it was without a mark).
  static func catchUpMark(channels: [String], db: Database) throws -> Double? {
    guard let text = try setting(catchUpMarkKey, db: db), let mark = parsedCatchUpMark(text),
      mark.channels == channelList(channels)
    else { return nil }
    return mark.seconds
  }

  /// A mark's fire time and channel list, as ``markCatchUpSettled(through:channels:advanceSeconds:)``
  /// writes them; nil for text that is not one (a damaged store).
  static func parsedCatchUpMark(_ text: String) -> (seconds: Double, channels: Substring)? {
    guard let space = text.firstIndex(of: " "), let seconds = Double(text[..<space]), seconds.isFinite
    else { return nil }
    return (seconds, text[text.index(after: space)...])
  }

  /// The channels as the mark names them: sorted, one per line after the time.
  static func channelList(_ channels: [String]) -> Substring {
    Substring(Set(channels).sorted().joined(separator: "\n"))
  }

  /// Records that every confirmed reminder firing at or before `instant` is settled for
  /// `channels`, after checking, in the same transaction, that none of those past the present
  /// mark is unsettled: a command that revived an old reminder since the catch-up looked keeps
  /// the mark where it was. Nothing is written unless the mark moves or its channels change, so
  /// a night adds a write (and the check) only when `advanceSeconds` have passed since the mark.
  public func markCatchUpSettled(through instant: Date, channels: [String], advanceSeconds: Double) throws {
    guard !channels.isEmpty else { return }
    let seconds = instant.timeIntervalSince1970.rounded(.down)
    try guarded {
      try writing { db in
        let current = try Self.catchUpMark(channels: channels, db: db)
        if let current, seconds < current + advanceSeconds { return }
        let open = try Self.unsettledReminderUIDs(
          after: current, through: seconds, channels: channels, db: db)
        guard open.isEmpty else { return }
        try Self.setSetting(Self.catchUpMarkKey, "\(Int(seconds)) \(Self.channelList(channels))", db: db)
      }
    }
  }

  /// Forgets the catch-up's mark when `records` put a confirmed reminder at or before it: the
  /// next catch-up looks at every reminder again, as it did without a mark, and sets it anew.
  static func invalidateCatchUpMark(records: [ReminderRecord], db: Database) throws {
    guard let text = try setting(catchUpMarkKey, db: db) else { return }
    // A mark that does not read as one stands after every reminder: any confirmed one forgets it.
    let mark = parsedCatchUpMark(text)?.seconds ?? .infinity
    guard records.contains(where: { $0.status == .confirmed && $0.fire.timeIntervalSince1970 <= mark })
    else { return }
    try setSetting(catchUpMarkKey, nil, db: db)
  }

  /// The stored reminder with this UID.
  public func reminder(uid: String) throws -> ReminderRecord? {
    try guarded {
      try read { db in
        try Self.records(
          db, sql: "SELECT \(Self.reminderColumns) FROM reminder WHERE uid = ?", arguments: [uid]
        ).first
      }
    }
  }

  /// The stored reminders whose UID is `id`, or else starts with it (at least four characters,
  /// as `focus` and `session` ids), by UID.
  public func reminders(matching id: String) throws -> [ReminderRecord] {
    if let exact = try reminder(uid: id) { return [exact] }
    guard id.count >= 4 else { return [] }
    return try guarded {
      try read { db in
        // instr, not LIKE: '_' and '%' in the id are plain characters.
        try Self.records(
          db, sql: "SELECT \(Self.reminderColumns) FROM reminder WHERE instr(uid, ?) = 1 ORDER BY uid",
          arguments: [id])
      }
    }
  }

  /// The history entries of one reminder, oldest first.
  public func deliveries(uid: String) throws -> [Delivery] {
    try guarded {
      try read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM delivery WHERE uid = ? ORDER BY id", arguments: [uid])
          .map(Self.delivery)
      }
    }
  }

  /// The history from `instant` on, newest first.
  public func deliveries(since instant: Date) throws -> [Delivery] {
    try guarded {
      try read { db in
        try Row.fetchAll(
          db, sql: "SELECT * FROM delivery WHERE at >= ? ORDER BY at DESC, id DESC",
          arguments: [instant.timeIntervalSince1970]
        ).map(Self.delivery)
      }
    }
  }

  /// Records `entries`; a claim (pending) that another process already holds fails the whole
  /// transaction with ``SpotterIOError/alreadyClaimed(uid:)``, so a reminder is never claimed twice.
  public func record(_ entries: [Delivery]) throws {
    do {
      try writing { db in
        for entry in entries { try Self.insert(entry, db: db) }
      }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      throw SpotterIOError.alreadyClaimed(uid: entries.first?.uid ?? "")
    } catch {
      try guarded { throw error }
    }
  }

  /// Turns this process's pending claims of a round into their outcome: delivered, or failed
  /// (which frees the claim for a retry).
  public func settle(_ claims: [Delivery], outcomes: [(DeliveryOutcome, String)], at instant: Date) throws {
    try guarded {
      try writing { db in
        for (claim, (outcome, reason)) in zip(claims, outcomes) {
          try db.execute(
            sql: """
              UPDATE delivery SET outcome = ?, reason = ?, at = ?
              WHERE uid = ? AND round = ? AND channel IS ? AND outcome = 'pending'
              """,
            arguments: [
              outcome.rawValue, reason, instant.timeIntervalSince1970, claim.uid, claim.round, claim.channel,
            ])
        }
      }
    }
  }

  static func insert(_ entry: Delivery, db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO delivery (uid, kind, title, round, sequence, channel, fires_at, at, outcome, reason)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        entry.uid, entry.kind.rawValue, entry.title, entry.round, entry.sequence, entry.channel,
        entry.fire.timeIntervalSince1970, entry.at.timeIntervalSince1970, entry.outcome.rawValue,
        entry.reason,
      ])
  }

  static func delivery(_ row: Row) throws -> Delivery {
    let uid: String = row["uid"]
    let kind = try StoredRowDamage.decode(
      ReminderKind.self, row["kind"], table: "delivery", row: uid, column: "kind")
    let outcome = try StoredRowDamage.decode(
      DeliveryOutcome.self, row["outcome"], table: "delivery", row: uid, column: "outcome")
    return Delivery(
      uid: row["uid"], kind: kind, title: row["title"], round: row["round"], sequence: row["sequence"],
      channel: row["channel"], fire: Date(timeIntervalSince1970: row["fires_at"]),
      at: Date(timeIntervalSince1970: row["at"]), outcome: outcome, reason: row["reason"])
  }
}
