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
    guard path != ":memory:", FileManager.default.fileExists(atPath: path) else { return StorePreview() }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else {
      return StorePreview()
    }
    defer { try? queue.close() }
    let prefix = fingerprintKey("")
    let rows = try? queue.read { db -> [Row] in
      guard try db.tableExists("setting") else { return [] }
      return try Row.fetchAll(
        db, sql: "SELECT key, value FROM setting WHERE key IN (?, ?) OR key LIKE ?",
        arguments: [pinnedTimeZoneKey, pinnedLanguageKey, prefix + "%"])
    }
    var preview = StorePreview()
    for row in rows ?? [] {
      let key: String = row["key"]
      let value: String = row["value"]
      switch key {
      case pinnedTimeZoneKey: preview.timeZone = value
      case pinnedLanguageKey: preview.language = value
      default: if key.hasPrefix(prefix) { preview.fingerprints[String(key.dropFirst(prefix.count))] = value }
      }
    }
    return preview
  }
}

extension Store {
  /// The key under which the fingerprint of the last import of `path` is kept.
  public static func fingerprintKey(_ path: String) -> String { "fingerprint:" + path }
}
