import Foundation
import SpotterApp
import SpotterCore
import SpotterIO
import Testing

/// The one way into the store: a read never locks, migrates or creates anything; a write holds
/// the lock for exactly its body and pins the zone and language on first use.
@Suite struct StoreAccessTests {
  let evening = "2026-11-22T21:30:00+01:00"

  @Test func aReadOfAMissingStoreSeesAnEmptyOneAndCreatesNothing() throws {
    let box = try AppSandbox()
    let access = try box.workspace(at: evening).store
    #expect(try access.read { try $0.sessions() }.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: box.db))
    #expect(!FileManager.default.fileExists(atPath: box.db + ".lock"))
  }

  @Test func aReadNeitherTakesTheLockNorCanWrite() throws {
    let box = try AppSandbox()
    let access = try box.workspace(at: evening).store
    try access.write { _ in }
    // Another process holds the lock: a read goes on regardless.
    let holder = try ProcessLock(storePath: box.db, waitSeconds: 0)
    defer { holder.release() }
    let zone = try access.read { try $0.setting(Store.pinnedTimeZoneKey) }
    #expect(zone == "Europe/Berlin")
    #expect(throws: (any Error).self) { try access.read { try $0.setSetting("probe", "x") } }
  }

  @Test func aWriteHoldsTheLockForItsBodyAlone() throws {
    let box = try AppSandbox()
    let access = try box.workspace(at: evening).store
    try access.write { _ in
      #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    }
    // Released once the body returned, also when it threw.
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
    struct Stop: Error {}
    #expect(throws: Stop.self) { try access.write { _ in throw Stop() } }
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
  }

  @Test func aFirstWritePinsTheZoneAndLanguageAndSaysWhereFrom() throws {
    let box = try AppSandbox(config: "[program]\nmon = \"Push Day\"\n")
    let workspace = try box.workspace(at: evening)
    try workspace.store.write { _ in }
    let (zone, language) = try workspace.store.read {
      (try $0.setting(Store.pinnedTimeZoneKey), try $0.setting(Store.pinnedLanguageKey))
    }
    #expect(zone == "Europe/Berlin")
    #expect(language == "en")
    #expect(
      workspace.notices.drain() == [
        "note: the store now keeps time zone 'Europe/Berlin' (from the system) and language 'en' (from LANG); "
          + "from now on, runs use that whatever TZ and LANG say, unless the config sets timezone or language"
      ])
    // Pinned once: a second write says nothing.
    try workspace.store.write { _ in }
    #expect(workspace.notices.drain().isEmpty)
  }

  @Test func aWriteToAnExistingStoreRefusesAMissingOneWithoutALockFile() throws {
    let box = try AppSandbox()
    let access = try box.workspace(at: evening).store
    #expect(throws: SpotterIOError.self) { try access.write(existing: true) { _ in } }
    #expect(!FileManager.default.fileExists(atPath: box.db))
    #expect(!FileManager.default.fileExists(atPath: box.db + ".lock"))
  }

  /// A session keeps the lock it was opened under through its steps until it lets it go, for
  /// a notifier or at its end; after that, each step holds the lock for its body alone.
  @Test func aSessionKeepsItsFirstLockUntilItLetsGoThenTakesItForEachStep() throws {
    let box = try AppSandbox()
    let access = try box.workspace(at: evening).store
    let session = try access.session()
    // Opened under the lock, and holding it between steps.
    #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    try session.locked { try $0.setSetting("probe", "x") }
    #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    // A notifier runs without it, and another process may lock the store then.
    session.unlocked { try? ProcessLock(storePath: box.db, waitSeconds: 0).release() }
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
    try session.locked { store in
      try store.setSetting("probe", "y")
      #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    }
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
    #expect(try access.read { try $0.setting("probe") } == "y")
    // Let go at its end, or when it is dropped.
    let second = try access.session()
    second.release()
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
    do { _ = try access.session() }
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
    // A session of an existing store refuses a missing one, as a write does.
    let missing = try AppSandbox()
    #expect(throws: SpotterIOError.self) { try missing.workspace(at: evening).store.session(existing: true) }
  }
}
