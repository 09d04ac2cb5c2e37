import Foundation
import GRDB
import SpotterCore

extension Store {
  /// The setting keys of the zone and language a store was pinned to.
  public static let pinnedTimeZoneKey = "pinned.timezone"
  public static let pinnedLanguageKey = "pinned.language"

  /// The pinned zone and language and the import fingerprints of the store at `path`, read in one
  /// look before anything else of a command; empty when there is no store yet, or it was never
  /// pinned. A store that cannot be read is left for the real open to report.
  public static func preview(path: String) -> StorePreview {
    let prefix = fingerprintKey("")
    let values = settingsBeforeOpening(
      path: path, where: "key IN (?, ?) OR key LIKE ?",
      arguments: [pinnedTimeZoneKey, pinnedLanguageKey, prefix + "%"])
    var preview = StorePreview(timeZone: values[pinnedTimeZoneKey], language: values[pinnedLanguageKey])
    for (key, value) in values where key.hasPrefix(prefix) {
      preview.fingerprints[String(key.dropFirst(prefix.count))] = value
    }
    return preview
  }

  /// The settings matching `filter` of the store at `path`, read through a read-only connection
  /// before the store is opened (and migrated) for real; empty when there is no store yet or it
  /// cannot be read, which the real open then reports.
  static func settingsBeforeOpening(path: String, where filter: String, arguments: StatementArguments)
    -> [String: String]
  {
    guard path != ":memory:", FileManager.default.fileExists(atPath: path) else { return [:] }
    var configuration = Configuration()
    configuration.readonly = true
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return [:] }
    defer { try? queue.close() }
    let rows = try? queue.read { db -> [Row] in
      guard try db.tableExists("setting") else { return [] }
      return try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE \(filter)", arguments: arguments)
    }
    return Dictionary((rows ?? []).map { ($0["key"], $0["value"]) }, uniquingKeysWith: { $1 })
  }
}

extension Store {
  /// The key under which the fingerprint of the last import of `path` is kept.
  public static func fingerprintKey(_ path: String) -> String { "fingerprint:" + path }
}
