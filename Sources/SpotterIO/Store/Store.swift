import CSpotterSQLite
import Foundation
import GRDB
import GRDBSQLite
import SpotterCore

/// The SQLite store: sessions and their sets, and the last emitted revision of every reminder.
///
/// Every public method is one transaction, so a failed import leaves the store as it was.
public final class Store: Sendable {
  /// The page cache of each writing connection, in KiB (see ``init(path:busyTimeout:)``).
  static let cacheKibibytes = 4096

  public let path: String
  let queue: DatabaseQueue

  /// Opens (creating if needed) the store at `path` and brings its schema up to date: the write
  /// path, for a caller that holds the store's ``ProcessLock``.
  ///
  /// `busyTimeout` is how long a statement waits for SQLite's own lock (a reader opening the file,
  /// a recovery after a crash) before it fails: the same `--wait` a command gives the process
  /// lock, so cron starting commands in one minute never turns into "database is locked".
  public init(path: String, busyTimeout: TimeInterval = 5) throws {
    Self.startSQLite
    self.path = path
    try Self.checkFileKinds(path)
    // Looked at before opening: opening a WAL store creates its log.
    let hadLog = path == ":memory:" ? nil : try Self.existingStoreHasLog(path)
    do {
      // A log left beside the store may be another database's, which a writing connection would
      // checkpoint into ours as it closes, even after refusing it: that store is looked at
      // through a read-only connection first. Without a log, the connection that opens it looks.
      if hadLog == true {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        try queue.read { db in
          try Self.checkLogIdentity(db, path: path)
          try Self.inspect(db, path: path, hadLog: true)
        }
      }
      var configuration = Configuration()
      configuration.foreignKeysEnabled = true
      configuration.busyMode = .timeout(busyTimeout)
      // A streamed run keeps one transaction open across its walk (``begin()``), in which every
      // write is a savepoint (``writing(_:)``).
      configuration.allowsUnsafeTransactions = true
      configuration.prepareDatabase { db in
        // Before anything is written: switching the journal mode and migrating would rewrite a
        // store from a newer Spotter or a damaged file, which must be refused as it is.
        if hadLog == false { try Self.inspect(db, path: path, hadLog: false) }
        // WAL keeps the store consistent through a crash or kill -9 (a transaction is either in
        // the log or not) and, with synchronous=NORMAL, commits without waiting for the disk: an
        // import of five years took three times as long in rollback-journal mode.
        if db.configuration.readonly == false, path != ":memory:" {
          try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        // 4 MB of page cache, about twice SQLite's default. Each repeating block's alerts go in at their
        // own place in the UID index, so a week of 400 blocks' alerts touches 400 index leaves
        // beside the table's new pages: in 2 MB they do not fit, and SQLite spills and reads them
        // back over and over (386 MB written for a first run's 29 MB store; 85 MB in 4 MB). The
        // cache is filled only by a store that big, and 2 MB more stays within issue 32's memory
        // bound.
        try db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKibibytes)")
      }
      if path == ":memory:" {
        queue = try DatabaseQueue(configuration: configuration)
      } else {
        // Only a new store needs its folder made: an existing one's is there.
        if hadLog == nil {
          let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
          try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
          try Self.create(at: path, configuration: configuration)
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
      }
      // Each migration sets user_version in its own transaction, so a store at the current
      // version has nothing to migrate: the migrator's own reads are spared on every night.
      let version = try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
      if version < Self.schemaVersion { try Self.migrator.migrate(queue) }
      try Self.stopRecordingRegions(queue)
    } catch {
      throw Self.error(error, path: path, doing: "cannot open: ")
    }
  }

  /// Opens the store at `path` to read it, and only that: the read path, which takes no lock.
  ///
  /// The connection is read-only, so nothing is migrated, pinned or checkpointed, and no file is
  /// ever created: a store that does not exist yet (or is being created by a writer this very
  /// moment, still 0 bytes) reads as an empty one in memory. A store from an older Spotter is
  /// copied into memory and migrated there, so it reads as today's without being touched.
  public init(readingAt path: String, busyTimeout: TimeInterval = 5) throws {
    Self.startSQLite
    self.path = path
    try Self.checkFileKinds(path)
    do {
      var status = stat()
      guard stat(path, &status) == 0, status.st_size > 0 else {
        queue = try DatabaseQueue(configuration: Self.memoryConfiguration)
        try Self.migrator.migrate(queue)
        return
      }
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(busyTimeout)
      let disk = try DatabaseQueue(path: Self.readOnlyLocation(path), configuration: configuration)
      let version = try disk.read { db -> Int in
        var log = stat()
        if lstat(path + "-wal", &log) == 0 { try Self.checkLogIdentity(db, path: path) }
        try Self.inspect(db, path: path, hadLog: false)
        return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
      }
      guard version < Self.schemaVersion else {
        try Self.stopRecordingRegions(disk)
        queue = disk
        return
      }
      defer { try? disk.close() }
      let memory = try DatabaseQueue(configuration: Self.memoryConfiguration)
      try disk.backup(to: memory)
      try Self.migrator.migrate(memory)
      queue = memory
    } catch {
      throw Self.error(error, path: path, doing: "cannot open: ")
    }
  }

  /// Removes the authorizer GRDB installs on every connection, once the schema is current.
  ///
  /// Through it GRDB records, while SQLite compiles each statement, every table and column the
  /// statement reads, and whether it changes the schema: for its database observation and
  /// its schema cache. Spotter observes nothing, and changes the schema only in its migrations,
  /// which have run by now (the schema cache is cleared after them). On an unchanged night that
  /// bookkeeping was 12% of all the instructions of a batch user (callgrind, 40 users): each
  /// column read built a set of names. Transactions and savepoints do not depend on it: GRDB
  /// reads them from SQLite's autocommit state.
  static func stopRecordingRegions(_ queue: DatabaseQueue) throws {
    try queue.inDatabase { db in
      db.clearSchemaCache()
      // No statement is running: statements compiled under the authorizer are recompiled by
      // SQLite on their next step, as after any change of it.
      let code = sqlite3_set_authorizer(db.sqliteConnection, nil, nil)
      if code != SQLITE_OK { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }
  }

  /// SQLite's process-wide settings, made once, before the process's first connection: every
  /// way into a store passes here first. Memory statistics off (see `spotter_sqlite.h`); if
  /// something opened SQLite earlier, it keeps them, and only speed differs.
  static let startSQLite: Void = { _ = spotter_sqlite_memstatus_off() }()

  private static var memoryConfiguration: Configuration {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    return configuration
  }

  /// Whether the store file at `path` has a WAL log with content beside it; nil when there is no
  /// store file yet. An empty file is refused: SQLite would take it for a new database.
  ///
  /// An empty log is no log: it holds no frame to replay, so neither another database's pages
  /// nor a torn write. A read-only connection leaves one behind (it cannot delete the log it
  /// opened), and every command's first look at the store is one: counted as a log, it sent
  /// every night through the crash checks, a page-by-page `quick_check` of the whole store.
  static func existingStoreHasLog(_ path: String) throws -> Bool? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    if status.st_size == 0 {
      throw SpotterIOError.storeDamaged(
        path: path, detail: Phrase("the file is empty (0 bytes)", de: "die Datei ist leer (0 Bytes)"))
    }
    var log = stat()
    return lstat(path + "-wal", &log) == 0 && log.st_size > 0
  }

  /// The 16 bytes every SQLite database file begins with.
  static let headerMagic = Array("SQLite format 3\u{0}".utf8)

  /// The first 100 bytes of the store file at `path`, SQLite's header, read past SQLite; nil
  /// when the file is not there, is shorter, or is not an SQLite database.
  ///
  /// Only for a file this process has not opened through SQLite: POSIX advisory locks belong to
  /// the process, and closing any descriptor of the file drops all of them, SQLite's included
  /// (SQLite's "How To Corrupt", 2.2). Through an open connection, ``fileHeader(_:)`` reads it.
  static func header(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 100)
    guard header.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, 100, 0) }) == 100,
      header.starts(with: Self.headerMagic)
    else { return nil }
    return header
  }

  /// The header of the file `db` has open, read through SQLite's own handle of it, below its
  /// page cache and its log: the file's own bytes, with no descriptor opened or closed.
  ///
  /// A reader that read it through a descriptor of its own, and closed that, lost the lock that
  /// tells a writer closing in another process that someone still reads; the writer then deleted
  /// the log and its index under the reader, the next writer's checkpoint rewrote pages the
  /// reader was reading, and `plan` said "database disk image is malformed" of a healthy store.
  static func fileHeader(_ db: Database) -> [UInt8]? {
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
      let file, let read = file.pointee.pMethods?.pointee.xRead
    else { return nil }
    var header = [UInt8](repeating: 0, count: 100)
    guard header.withUnsafeMutableBytes({ read(file, $0.baseAddress, 100, 0) }) == SQLITE_OK,
      header.starts(with: Self.headerMagic)
    else { return nil }
    return header
  }

  /// Fails when the log beside the store is another database's: the identity the store file's
  /// own header carries (bytes 68 to 71, ``fileHeader(_:)``) differs from the one seen through
  /// the log. A store from before identities (0) is left to the schema and page checks.
  ///
  /// `db` is a read-only connection, which never checkpoints: both files stay as they are.
  static func checkLogIdentity(_ db: Database, path: String) throws {
    guard let header = fileHeader(db) else { return }
    let own = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
    guard own != 0 else { return }
    let seen = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    guard seen != own else { return }
    let log = URL(fileURLWithPath: path).lastPathComponent + "-wal"
    throw SpotterIOError.storeDamaged(
      path: path,
      detail: Phrase(
        """
        the write-ahead log beside it (\(log)) belongs to \
        another database, so it was not read into the store; both files are unchanged; move the -wal \
        and -shm files aside to open the store as it was
        """,
        de: """
          das Write-Ahead-Log daneben (\(log)) gehört zu einer anderen Datenbank und wurde nicht in den \
          Speicher gelesen; beide Dateien sind unverändert; schiebe die -wal- und -shm-Dateien beiseite, um \
          den Speicher zu öffnen, wie er war
          """))
  }

  /// Looks at an existing store through the connection that opened it, before anything may write
  /// to it: a store from a newer Spotter, one holding tables that are not Spotter's, or (when a
  /// log was left beside it) one with a damaged page is refused.
  static func inspect(_ db: Database, path: String, hadLog: Bool) throws {
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    if version > schemaVersion {
      throw SpotterIOError.store(
        path: path,
        reason: Phrase(
          """
          written by a newer spotter (schema \(version); this one reads up to \(schemaVersion)); \
          upgrade spotter, or point --db elsewhere; the store was not changed
          """,
          de: """
            von einem neueren spotter geschrieben (Schema \(version); dieser liest bis \(schemaVersion)); \
            aktualisiere spotter, oder gib mit --db einen anderen an; der Speicher blieb unverändert
            """))
    }
    // Tables read through the WAL, if there is one: a WAL copied in from another database is
    // replayed by SQLite without complaint, and only the schema it brings gives it away.
    let tables = Set(
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
    let foreign = tables.subtracting(knownTables).sorted()
    if !tables.isEmpty && !tables.contains("grdb_migrations") {
      throw SpotterIOError.storeDamaged(
        path: path,
        detail:
          "not a spotter store: tables \(tables.sorted().prefix(5).joined(separator: ", ")) without its migrations"
      )
    }
    if !foreign.isEmpty {
      let detail =
        tables.contains("grdb_migrations")
        ? Phrase(
          "tables that are not spotter's: \(foreign.prefix(5).joined(separator: ", "))",
          de: "Tabellen, die nicht von spotter sind: \(foreign.prefix(5).joined(separator: ", "))")
        : Phrase(
          "not a spotter store (tables \(foreign.prefix(5).joined(separator: ", ")))",
          de: "kein spotter-Speicher (Tabellen \(foreign.prefix(5).joined(separator: ", ")))")
      throw SpotterIOError.storeDamaged(path: path, detail: detail)
    }
    // A WAL file beside the store means the last writer died or the file came from elsewhere:
    // check every page once before trusting it. After a clean close there is none.
    if hadLog {
      let result = try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
      if result != ["ok"] {
        let problems = result.flatMap { $0.split(separator: "\n") }.filter { !$0.hasPrefix("***") }
        throw SpotterIOError.storeDamaged(
          path: path, detail: Phrase(problems.prefix(2).joined(separator: "; ").lowercased()))
      }
    }
  }

  /// Whether the file system holding `path` has less than a megabyte left for an ordinary
  /// user: too little for the log's 32 KB index and a night's pages, though not quite nothing.
  static func diskIsFull(holding path: String) -> Bool {
    guard let status = fileSystem(holding: path) else { return false }
    return UInt64(status.f_bavail) * UInt64(status.f_frsize) < 1 << 20
  }

  /// What `statvfs` says of the file system holding `path`, nil when it cannot say.
  static func fileSystem(holding path: String) -> statvfs? {
    var status = statvfs()
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return statvfs(directory, &status) == 0 ? status : nil
  }

  /// The error any failure of the store becomes: damage is said plainly, with what to do;
  /// `doing` prefixes errors that are neither SQLite's nor ours.
  static func error(_ error: any Error, path: String, doing: String = "") -> SpotterIOError {
    switch error {
    case let error as SpotterIOError: return error
    case let error as DatabaseError:
      let message = error.message ?? "\(error)"
      switch error.resultCode {
      // SQLite's own text, as it says it.
      case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .storeDamaged(path: path, detail: Phrase(message))
      // Another connection's lock outlasted the busy timeout: a moment's contention, which is
      // said and exits as one (75), never as an I/O failure of the store.
      case .SQLITE_BUSY, .SQLITE_LOCKED: return .storeBusy(path: path, detail: Phrase(message))
      // SQLite says "disk I/O error" when a full disk fails the log's index, and "database or
      // disk is full" when it fails a page (a store has no page limit): what to do is free space,
      // which the message then says.
      case .SQLITE_IOERR where diskIsFull(holding: path), .SQLITE_FULL:
        return .store(
          path: path,
          reason: Phrase(
            "the disk holding it is full (\(message)); free some space and run again",
            de: "der Datenträger ist voll (\(message)); schaffe Platz und starte neu"))
      default: return .store(path: path, reason: Phrase(message))
      }
    case let error as RowDecodingError:
      return .storeDamaged(
        path: path, detail: Phrase("unreadable row: \(error)", de: "unlesbare Zeile: \(error)"))
    case let error as StoredRowDamage: return .storeDamaged(path: path, detail: Phrase(error.detail))
    default: return .store(path: path, reason: Phrase(doing + "\(error)"))
    }
  }

  /// Every table some schema version of the store has had.
  static let knownTables: Set<String> = [
    "grdb_migrations", "session", "exercise_set", "reminder", "focus_block", "delivery", "reminder_action",
    "skipped_day", "setting", "session_mark", "achievement", "live_workout",
  ]

  /// The schema version the newest migration reaches.
  public static let schemaVersion = 11

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE session (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            source TEXT NOT NULL,
            workout_name TEXT NOT NULL,
            started_at REAL NOT NULL,
            ended_at REAL,
            state TEXT NOT NULL,
            fingerprint TEXT NOT NULL
          );
          CREATE INDEX session_started_at ON session(started_at);
          -- Sets refer to their session by rowid: a small integer key keeps the 30,000 rows of five
          -- years cheap to insert. Sets are deleted with their session by the store itself.
          CREATE TABLE exercise_set (
            session_rowid INTEGER NOT NULL,
            position INTEGER NOT NULL,
            exercise_index INTEGER NOT NULL,
            exercise_name TEXT NOT NULL,
            kind TEXT NOT NULL,
            weight REAL,
            unit TEXT NOT NULL,
            reps INTEGER,
            completed INTEGER NOT NULL,
            completed_at REAL,
            PRIMARY KEY (session_rowid, position)
          ) WITHOUT ROWID;
          CREATE TABLE reminder (
            uid TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            date TEXT NOT NULL,
            status TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            stamp REAL NOT NULL,
            starts_at REAL NOT NULL,
            ends_at REAL NOT NULL,
            fires_at REAL NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL
          );
          CREATE INDEX reminder_date ON reminder(date);
          PRAGMA user_version = 1;
          """)
    }
    migrator.registerMigration("v2", migrate: StoreMigrationV2.migrate)
    migrator.registerMigration("v3") { db in
      try db.execute(
        sql: """
          CREATE TABLE focus_block (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            starts_at REAL NOT NULL,
            ends_at REAL NOT NULL,
            every TEXT,
            until TEXT,
            source_key TEXT UNIQUE
          );
          ALTER TABLE reminder ADD COLUMN summary TEXT;
          PRAGMA user_version = 3;
          """)
    }
    migrator.registerMigration("v4") { db in
      try db.execute(
        sql: """
          -- The notification history (seed 004). Claims (pending, delivered) are unique per
          -- reminder, snooze round and notifier: the index makes a second delivery impossible
          -- even if two processes raced past the lock.
          CREATE TABLE delivery (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            round INTEGER NOT NULL,
            sequence INTEGER NOT NULL,
            channel TEXT,
            fires_at REAL NOT NULL,
            at REAL NOT NULL,
            outcome TEXT NOT NULL,
            reason TEXT NOT NULL
          );
          CREATE UNIQUE INDEX delivery_claim ON delivery(uid, round, channel)
            WHERE outcome IN ('pending', 'delivered');
          CREATE INDEX delivery_uid ON delivery(uid);
          CREATE INDEX delivery_at ON delivery(at);
          CREATE TABLE reminder_action (
            uid TEXT PRIMARY KEY NOT NULL,
            round INTEGER NOT NULL,
            snoozed_until REAL,
            done_at REAL
          );
          CREATE TABLE skipped_day (date TEXT PRIMARY KEY NOT NULL, at REAL NOT NULL);
          -- Small named values: the parameters of an installed crontab block.
          CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
          CREATE INDEX reminder_fires_at ON reminder(fires_at);
          PRAGMA user_version = 4;
          """)
    }
    migrator.registerMigration("v5") { db in
      try db.execute(
        sql: """
          ALTER TABLE reminder ADD COLUMN entity TEXT;
          -- What `spotter session pause|resume|end` and the abandonment rule set. A re-import that
          -- changes the session replaces its row, and the app's newer word wins: the mark goes.
          CREATE TABLE session_mark (
            session_id TEXT PRIMARY KEY NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            state TEXT NOT NULL,
            at REAL NOT NULL
          );
          -- Every achievement ever found, so none is announced twice, whatever is re-imported.
          CREATE TABLE achievement (
            key TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            session_id TEXT NOT NULL,
            date TEXT NOT NULL,
            earned_at REAL NOT NULL,
            announce_at REAL,
            recorded_at REAL NOT NULL,
            detail TEXT NOT NULL
          );
          CREATE INDEX achievement_session ON achievement(session_id);
          PRAGMA user_version = 5;
          """)
    }
    migrator.registerMigration("v6") { db in
      // FitNotes for Android records dates only: 0 marks a session whose start is a date.
      try db.execute(
        sql: """
          ALTER TABLE session ADD COLUMN time_known INTEGER NOT NULL DEFAULT 1;
          PRAGMA user_version = 6;
          """)
    }
    migrator.registerMigration("v7") { db in
      // An identity of this store in its file header, which a log left beside it must carry too:
      // SQLite replays any write-ahead log found beside a database, whoever wrote it.
      let identity = Int32.random(in: 1...Int32.max)
      try db.execute(sql: "PRAGMA application_id = \(identity); PRAGMA user_version = 7;")
    }
    migrator.registerMigration("v8") { db in
      // Which session each workout of a live source became, so that a deletion there finds it.
      try db.execute(
        sql: """
          CREATE TABLE live_workout (
            source TEXT NOT NULL,
            remote_id TEXT NOT NULL,
            session_id TEXT NOT NULL,
            PRIMARY KEY (source, remote_id)
          );
          PRAGMA user_version = 8;
          """)
    }
    migrator.registerMigration("v9", migrate: StoreMigrationV9.migrate)
    migrator.registerMigration("v10") { db in
      // A plan reads its follow-ups and the last weeks' workout reminders by kind every night:
      // without an index on it, every reminder of every past night was read (2 million
      // instructions a night at 1,500 of them, and growing with the store's years).
      try db.execute(
        sql: """
          CREATE INDEX reminder_kind_date ON reminder(kind, date);
          PRAGMA user_version = 10;
          """)
    }
    migrator.registerMigration("v11") { db in
      // A plan reads the announced achievements every night, in the order they were earned:
      // without an index of those alone, every achievement of the store's years was read with
      // its details to find none (0.75 million instructions a night at 1,000 of them).
      try db.execute(
        sql: """
          CREATE INDEX achievement_announced ON achievement(earned_at, key) WHERE announce_at IS NOT NULL;
          PRAGMA user_version = 11;
          """)
    }
    return migrator
  }

  /// The schema version of the open store, from SQLite's `user_version`.
  public func schemaVersionOnDisk() throws -> Int {
    try guarded { try read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 } }
  }

  // MARK: Sessions

  /// Adds new sessions, updates changed ones and skips duplicates, in one transaction.
  public func importSessions(_ sessions: [Session]) throws -> ImportSummary {
    try importBatches([sessions.map(PackedSession.init)])[0]
  }

  /// Imports several files' sessions in one transaction, with a summary per file.
  public func importBatches(_ batches: [[PackedSession]]) throws -> [ImportSummary] {
    try guarded { try writing { db in try Self.importBatches(batches, db: db) } }
  }

  /// ``importBatches(_:)`` inside a transaction already open.
  static func importBatches(_ batches: [[PackedSession]], db: Database) throws -> [ImportSummary] {
    var summaries: [ImportSummary] = []
    var known: [String: String] = [:]
    var deduplicator = SessionDeduplicator()
    let rows = try Row.fetchCursor(db, sql: "SELECT id, source, started_at, fingerprint FROM session")
    while let row = try rows.next() {
      known[row["id"]] = row["fingerprint"]
      if let source = SessionSource(rawValue: row["source"]) {
        deduplicator.insert(
          start: Date(timeIntervalSince1970: row["started_at"]), source: source)
      }
    }
    for sessions in batches {
      var summary = ImportSummary()
      for packed in sessions {
        let session = packed.session
        let exercises = packed.exercises
        let fingerprint = Self.fingerprint(session, exercises: exercises)
        if let old = known[session.id] {
          if old == fingerprint {
            summary.unchanged += 1
            continue
          }
          try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [session.id])
          try insert(session, exercises: exercises, fingerprint: fingerprint, db: db)
          known[session.id] = fingerprint
          summary.updated += 1
          continue
        }
        if deduplicator.isDuplicate(start: session.start, source: session.source) {
          summary.duplicates += 1
          continue
        }
        try insert(session, exercises: exercises, fingerprint: fingerprint, db: db)
        known[session.id] = fingerprint
        deduplicator.insert(start: session.start, source: session.source)
        summary.added += 1
      }
      summaries.append(summary)
    }
    return summaries
  }

  private static func insert(_ session: Session, exercises: [UInt8], fingerprint: String, db: Database) throws
  {
    try db.cachedStatement(
      sql: """
        INSERT INTO session (id, source, workout_name, started_at, ended_at, state, fingerprint,
          exercises, time_known) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute(arguments: [
      session.id, session.source.rawValue, session.workoutName,
      session.start.timeIntervalSince1970, session.end?.timeIntervalSince1970,
      session.state.rawValue, fingerprint, Data(exercises), session.hasTimeOfDay,
    ])
  }

  /// The sessions (without sets) that start in `range`, oldest first.
  public func sessions(startingIn range: Range<Date>) throws -> [Session] {
    try guarded {
      try read { db in
        try sessionRows(
          db,
          sql: """
            SELECT \(Self.sessionColumns) FROM session
            WHERE started_at >= ? AND started_at < ? ORDER BY started_at, id
            """,
          arguments: [range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970],
          sets: false)
      }
    }
  }

  /// Every session, oldest first; with `includeSets` false the exercises are left empty, which is
  /// all the learner and the planner need.
  public func sessions(includeSets: Bool = false) throws -> [Session] {
    try guarded {
      try read { db in
        // In start order only, which the start index gives as it is: `ORDER BY started_at, id`
        // sorted every run of equal starts in a temporary tree, 7,000 instructions a session
        // with its sets on every command. Equal starts are put in id order here instead.
        Self.orderingEqualStartsByID(
          try sessionRows(
            db,
            sql: """
              SELECT \(Self.sessionColumns)\(includeSets ? ", exercises" : "")
              FROM session ORDER BY started_at
              """, sets: includeSets))
      }
    }
  }

  /// `sessions`, in start order, with each run of equal starts in the order of their ids' bytes:
  /// the order `ORDER BY started_at, id` gives (SQLite compares text by its bytes).
  static func orderingEqualStartsByID(_ sessions: [Session]) -> [Session] {
    var sessions = sessions
    var first = 0
    while first < sessions.count {
      var end = first + 1
      while end < sessions.count && sessions[end].start == sessions[first].start { end += 1 }
      if end - first > 1 {
        sessions[first..<end].sort { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
      }
      first = end
    }
    return sessions
  }

  // MARK: Reminders

  /// The stored reminders dated from `start` (inclusive) to `end` (exclusive), or on without end.
  public func reminders(from start: LocalDate, to end: LocalDate? = nil) throws -> [ReminderRecord] {
    guard let end else { return try reminders(where: "date >= ?", [start.description]) }
    return try reminders(where: "date >= ? AND date < ?", [start.description, end.description])
  }

  /// The stored reminders for which `condition` holds, in the outputs' order (start, then UID).
  ///
  /// `condition` is Spotter's own SQL, never a value: every value goes in `arguments`.
  func reminders(where condition: String, _ arguments: StatementArguments) throws -> [ReminderRecord] {
    try guarded {
      try read { db in
        try Self.records(
          db,
          sql: "SELECT \(Self.reminderColumns) FROM reminder WHERE \(condition) ORDER BY starts_at, uid",
          arguments: arguments)
      }
    }
  }

  /// Saves new revisions of reminders, with the focus block changes and run findings they follow
  /// from, in one transaction: a block never exists without its alert's revision, nor an
  /// achievement without its announcement, nor the other way round.
  public func save(
    _ records: [ReminderRecord], focusUpserts: [FocusBlock] = [], focusDeletes: [String] = [],
    findings: RunFindings? = nil
  ) throws {
    // Nothing to write opens no write transaction: an unchanged night's save.
    guard !records.isEmpty || !focusUpserts.isEmpty || !focusDeletes.isEmpty || !(findings?.isEmpty ?? true)
    else { return }
    try guarded {
      try writing { db in
        for block in focusUpserts { try Self.upsert(block, db: db) }
        for id in focusDeletes {
          try db.execute(sql: "DELETE FROM focus_block WHERE id = ?", arguments: [id])
        }
        try Self.save(records, db: db)
        if let findings { try Self.save(findings, db: db) }
      }
    }
  }

  /// Writes each record's row, binding its 13 values with SQLite's own calls.
  ///
  /// GRDB's `StatementArguments` boxes every value as an existential and turns it into a
  /// `DatabaseValue` before binding it: 7% of a first run's CPU at 100,000 alerts, on the thread
  /// that decides its time. The values are bound as GRDB binds them (text up to its first NUL,
  /// Int as int64, times as doubles, nil as NULL), so the rows are the same.
  static func save(_ records: [ReminderRecord], db: Database) throws {
    guard !records.isEmpty else { return }
    try invalidateCatchUpMark(records: records, db: db)
    let statement = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO reminder (uid, kind, date, status, sequence, stamp, starts_at,
          ends_at, fires_at, title, body, summary, entity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let handle = statement.sqliteStatement
    // SQLite copies each text before the call returns (SQLITE_TRANSIENT), as GRDB asks it to.
    let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    defer {
      sqlite3_reset(handle)
      sqlite3_clear_bindings(handle)
    }
    for record in records {
      sqlite3_reset(handle)
      var code = SQLITE_OK
      func bind(_ index: Int32, _ text: String?) {
        guard code == SQLITE_OK else { return }
        code =
          text.map { sqlite3_bind_text(handle, index, $0, -1, transient) } ?? sqlite3_bind_null(handle, index)
      }
      func bind(_ index: Int32, _ number: Double) {
        if code == SQLITE_OK { code = sqlite3_bind_double(handle, index, number) }
      }
      bind(1, record.uid)
      bind(2, record.kind.rawValue)
      bind(3, record.date.description)
      bind(4, record.status.rawValue)
      if code == SQLITE_OK { code = sqlite3_bind_int64(handle, 5, Int64(record.sequence)) }
      bind(6, record.stamp.timeIntervalSince1970)
      bind(7, record.start.timeIntervalSince1970)
      bind(8, record.end.timeIntervalSince1970)
      bind(9, record.fire.timeIntervalSince1970)
      bind(10, record.title)
      bind(11, record.body)
      bind(12, record.summary)
      bind(13, record.entity)
      if code == SQLITE_OK { code = sqlite3_step(handle) }
      guard code == SQLITE_DONE else { throw sqliteError(code, db: db, statement: statement) }
    }
  }

  /// The error GRDB would raise for `code` from one of SQLite's own calls on `statement`, with
  /// the connection's message: how the store's hand-bound writes and reads report a failure.
  static func sqliteError(_ code: Int32, db: Database, statement: Statement) -> DatabaseError {
    let message = db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
  }

  /// A session's columns, for ``sessionRows(_:sql:arguments:sets:)``.
  static let sessionColumns = "id, source, workout_name, started_at, ended_at, state, time_known, fingerprint"
  /// Where `fingerprint` stands in ``sessionColumns``: read as each session's
  /// ``Session/contentDigest``.
  static let fingerprintIndex = 7
  /// Where `exercises` stands when it follows ``sessionColumns``.
  static let exercisesIndex = 8

  /// A reminder's columns, in the order ``records(_:sql:arguments:)`` reads them.
  static let reminderColumns =
    "uid, kind, date, status, sequence, stamp, starts_at, ends_at, fires_at, title, body, summary, entity"

  /// A content hash, so re-importing an unchanged session writes nothing.
  ///
  /// The sets enter through their encoded blob: hashing each set's fields one by one cost as much
  /// as inserting the session.
  static func fingerprint(_ session: Session, exercises: [UInt8]) -> String {
    var hash = Fingerprint()
    hash.combine(session.source.rawValue)
    hash.combine(session.workoutName)
    hash.combine(session.start.timeIntervalSince1970)
    hash.combine(session.end?.timeIntervalSince1970)
    hash.combine(session.state.rawValue)
    // Only when false, so sessions stored before the flag keep their fingerprints.
    if !session.hasTimeOfDay { hash.combine("date only") }
    hash.combine(bytes: exercises)
    return Fingerprint.hex(hash.value)
  }

  /// Runs `body` as one read: the store's only read path.
  ///
  /// Inside an open transaction (``reading(_:)``, or a run's ``begin()``) it reads there; alone,
  /// it is a deferred transaction of its own. Either way a read that changed a row is a fault:
  /// it is refused, and a transaction of its own is rolled back.
  ///
  /// Its BEGIN and COMMIT are the connection's cached statements: GRDB's transactions prepare
  /// both again each time, and a night's few reads outside its snapshot paid a tenth of their
  /// cost for it. Writes are caught by SQLite's count of changed rows, not by GRDB's `readOnly`:
  /// that sets `PRAGMA query_only` on and off around each read, and SQLite expires every
  /// prepared statement of the connection at each flag pragma, so each statement a night had
  /// cached was compiled again after every read (2.3% of a batch user's instructions, with the
  /// two pragmas' own steps 0.5% more).
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    try queue.unsafeReentrantRead { db in
      let handle = db.sqliteConnection
      let changes = sqlite3_total_changes64(handle)
      func checked(_ result: T) throws -> T {
        guard sqlite3_total_changes64(handle) == changes else { throw Self.readWrote(path: path) }
        return result
      }
      guard !db.isInsideTransaction else { return try checked(body(db)) }
      try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
      do {
        let result = try checked(body(db))
        try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        return result
      } catch {
        // SQLite may have ended the transaction already.
        if db.isInsideTransaction { try? db.rollback() }
        throw error
      }
    }
  }

  /// The fault of a read that changed the store: a bug of Spotter's, never of the data.
  static func readWrote(path: String) -> SpotterIOError {
    SpotterIOError.store(
      path: path,
      reason: Phrase(
        "a read changed the store (a bug in spotter); the change was rolled back",
        de:
          "ein Lesevorgang hat den Speicher verändert (ein Fehler in spotter); die Änderung wurde zurückgenommen"
      ))
  }

  /// What `body` returns, run inside `unit`, a transaction or savepoint that commits when its
  /// closure returns `.commit`: GRDB's units hand back no value, so the result is carried out.
  /// `failure` is the reason given if it ever were not, which cannot happen.
  func committed<T>(
    _ unit: (() throws -> Database.TransactionCompletion) throws -> Void, orElse failure: Phrase,
    _ body: () throws -> T
  ) throws -> T {
    var result: T?
    // `unit` runs its closure before it returns, so `body` never outlives this call.
    try withoutActuallyEscaping(body) { body in
      try unit {
        result = try body()
        return .commit
      }
    }
    guard let result else { throw SpotterIOError.store(path: path, reason: failure) }
    return result
  }

  /// Runs `body`, whose store reads are one transaction: they see one state of the store, and a
  /// night's dozen reads cost one BEGIN and one COMMIT rather than a dozen of each.
  public func reading<T>(_ body: () throws -> T) throws -> T {
    try guarded { try read { _ in try body() } }
  }

  func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw Self.error(error, path: path)
    }
  }
}
