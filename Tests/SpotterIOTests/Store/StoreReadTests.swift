import Foundation
import GRDB
import GRDBSQLite
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The store's one read path: a read never changes the store, and reading leaves the statements
/// the connection has compiled as they were.
@Suite struct StoreReadTests {
  /// The look before a command: the pinned zone and language and the imports' fingerprints,
  /// nothing else of the settings, the same through the store's connection and a read-only one.
  @Test func thePreviewHoldsThePinsAndTheFingerprintsOnly() throws {
    let (store, path) = try StoreTests().temporaryStore()
    try store.setSetting(Store.pinnedTimeZoneKey, "Asia/Kolkata")
    try store.setSetting(Store.pinnedLanguageKey, "de")
    try store.setSetting(Store.fingerprintKey("/srv/u/strong.csv"), "512 1700000000 ab12")
    try store.setSetting(Store.fingerprintKey("/srv/u/hevy 100%.csv"), "7 1 ff")
    try store.setSetting("pinned.timezone.note", "not a pin")
    try store.setSetting("learned.pattern", "{}")
    let expected = StorePreview(
      timeZone: "Asia/Kolkata", language: "de",
      fingerprints: ["/srv/u/strong.csv": "512 1700000000 ab12", "/srv/u/hevy 100%.csv": "7 1 ff"])
    #expect(try store.preview() == expected)
    #expect(Store.preview(path: path) == expected)
  }

  @Test func aReadThatChangesARowIsRefusedAndRolledBack() throws {
    let (store, _) = try StoreTests().temporaryStore()
    try store.setSetting("kept", "before")
    #expect {
      try store.read { db in
        try db.execute(sql: "UPDATE setting SET value = 'after' WHERE key = 'kept'")
      }
    } throws: { error in
      "\(error)".contains("a read changed the store")
    }
    #expect(try store.setting("kept") == "before")
    // The connection is left usable: outside a transaction, and writing as before.
    try store.queue.inDatabase { db in #expect(!db.isInsideTransaction) }
    try store.setSetting("kept", "later")
    #expect(try store.setting("kept") == "later")
  }

  @Test func aReadInsideATransactionThatChangesARowIsRefused() throws {
    let (store, _) = try StoreTests().temporaryStore()
    try store.setSetting("kept", "before")
    #expect(throws: SpotterIOError.self) {
      try store.reading {
        try store.read { db in
          try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('planted', 'x')")
        }
      }
    }
    #expect(try store.setting("planted") == nil)
    #expect(try store.setting("kept") == "before")
  }

  /// GRDB's `readOnly` toggled `PRAGMA query_only`, which expires every compiled statement:
  /// each read made SQLite compile again what the last one had cached. Counted here with
  /// SQLite's own per-statement reprepare counter.
  @Test func readsLeaveCachedStatementsCompiled() throws {
    let (store, _) = try StoreTests().temporaryStore()
    try store.setSetting("a", "1")
    let sql = "SELECT value FROM setting WHERE key = 'a'"
    for _ in 0..<5 {
      #expect(try store.read { db in try String.fetchOne(db.cachedStatement(sql: sql)) } == "1")
    }
    let reprepared = try store.read { db in
      sqlite3_stmt_status(try db.cachedStatement(sql: sql).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
    }
    #expect(reprepared == 0)
  }
}
