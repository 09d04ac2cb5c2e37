import Foundation
import GRDB
import SpotterCore

extension Store {
  /// The setting keys of the zone and language a store was pinned to.
  public static let pinnedTimeZoneKey = "pinned.timezone"
  public static let pinnedLanguageKey = "pinned.language"

  /// The pinned zone and language and the import fingerprints of the store at `path`, read in one
  /// look through a read-only connection before anything else of a command, and before the store
  /// is opened (and migrated) for real. Empty when there is no store yet, or it was never pinned;
  /// a store that cannot be read is left for the real open to report.
  public static func preview(path: String, busyTimeout: TimeInterval = 5) -> StorePreview {
    startSQLite
    // A FIFO or a device where the store or its log goes would block this open for ever.
    guard path != ":memory:", FileManager.default.fileExists(atPath: path), (try? checkFileKinds(path)) != nil
    else { return StorePreview() }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    guard let queue = try? DatabaseQueue(path: readOnlyLocation(path), configuration: configuration) else {
      return StorePreview()
    }
    defer { try? queue.close() }
    return (try? queue.read { try Self.preview(in: $0) }) ?? StorePreview()
  }

  /// The same look through this store's own connection: a command that opened the store first
  /// (``isSteady(at:)``) reads it here and opens no second connection.
  /// The store is open at the current schema here, so its setting table is not looked for.
  public func preview() throws -> StorePreview {
    try guarded { try read { try Self.preview(in: $0, hasSettings: true) } }
  }

  static func preview(in db: Database, hasSettings known: Bool = false) throws -> StorePreview {
    // Asked of sqlite_master directly: GRDB's tableExists first reads the whole schema into its
    // cache, two statements and every table's definition, on every command.
    let hasSettings =
      try known
      || Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'setting')")
        ?? false
    guard hasSettings else { return StorePreview() }
    let prefix = fingerprintKey("")
    // Read by column index, as the night's other reads are: through GRDB's rows by name this
    // cost 19,000 instructions more, every command.
    let rows = try Self.rows(
      db, sql: "SELECT key, value FROM setting WHERE key IN (?, ?) OR key LIKE ?",
      arguments: [pinnedTimeZoneKey, pinnedLanguageKey, prefix + "%"]
    ) { (key: Self.text($0, 0) ?? "", value: Self.text($0, 1) ?? "") }
    var preview = StorePreview()
    for (key, value) in rows {
      switch key {
      case pinnedTimeZoneKey: preview.timeZone = value
      case pinnedLanguageKey: preview.language = value
      default: if key.hasPrefix(prefix) { preview.fingerprints[String(key.dropFirst(prefix.count))] = value }
      }
    }
    return preview
  }

  /// Whether the store at `path` is as a finished command of this Spotter leaves it: a regular
  /// file in WAL mode at the current schema, with no log holding frames. Read from the file's
  /// header, past SQLite, so nothing is opened, created or checked.
  ///
  /// Only such a store may be opened before the config is read (``SpotterOptions/opensStoreFirst``):
  /// opening it writes nothing, where another would be migrated, switched to WAL or checked for
  /// a crash before a bad config could refuse the command.
  public static func isSteady(at path: String) -> Bool {
    guard path != ":memory:", (try? existingStoreHasLog(path)) == false, let header = header(of: path) else {
      return false
    }
    // Bytes 18 and 19 are the write and read format versions, 2 in WAL mode; 60 to 63 the
    // user_version, which each migration sets.
    let version = header[60..<64].reduce(0) { $0 << 8 | Int($1) }
    return header[18] == 2 && header[19] == 2 && version == schemaVersion
  }
}

extension Store {
  /// The key under which the fingerprint of the last import of `path` is kept.
  public static func fingerprintKey(_ path: String) -> String { "fingerprint:" + path }
}
