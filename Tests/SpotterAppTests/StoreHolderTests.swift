import Foundation
import SpotterApp
import SpotterCore
import SpotterIO
import Testing

/// The nightly run opens a steady store once, under its lock, before its config is read: one
/// connection for the night, and nothing written when the config then refuses the command.
@Suite struct StoreHolderTests {
  let evening = "2026-11-22T21:30:00+01:00"

  /// A sandbox whose store a night has already written, steady as a finished command leaves it.
  func nightlyBox(config: String = "[program]\nmon = \"Push Day\"\n") throws -> AppSandbox {
    let box = try AppSandbox(config: config)
    let workspace = try box.workspace(at: evening)
    _ = try NightlyRunner(workspace: workspace).run(
      histories: [try box.strongExport()], horizon: .coming(count: 7), outputDirectory: box.out)
    return box
  }

  @Test func aFinishedStoreIsSteadyAndOthersAreNot() throws {
    let box = try nightlyBox()
    #expect(Store.isSteady(at: box.db))
    #expect(!Store.isSteady(at: box.db + ".missing"))
    // A log with frames beside it: a writer is working, or one was killed.
    try Data(repeating: 1, count: 32).write(to: URL(fileURLWithPath: box.db + "-wal"))
    #expect(!Store.isSteady(at: box.db))
    try FileManager.default.removeItem(atPath: box.db + "-wal")
    // An older schema, which the open would migrate.
    let handle = try #require(FileHandle(forUpdatingAtPath: box.db))
    try handle.seek(toOffset: 60)
    try handle.write(contentsOf: Data([0, 0, 0, 3]))
    try handle.close()
    #expect(!Store.isSteady(at: box.db))
    // A link, which is never opened through.
    let other = try AppSandbox()
    try FileManager.default.createSymbolicLink(atPath: other.db, withDestinationPath: box.db)
    #expect(!Store.isSteady(at: other.db))
  }

  @Test func aNightOpenedFirstEqualsOneOpenedTheUsualWay() throws {
    let box = try nightlyBox()
    let usual = try box.workspace(at: "2026-11-23T21:30:00+01:00")
    let first = try box.workspace(at: "2026-11-23T21:30:00+01:00", opensStoreFirst: true)
    // The pinned zone and language and the fingerprints, read through the night's connection.
    #expect(first.settings.timeZone == usual.settings.timeZone)
    #expect(first.settings.language == usual.settings.language)
    #expect(first.timeZoneSource == usual.timeZoneSource)
  }

  @Test func theLockIsHeldFromTheOpenUntilTheFirstStepEnds() throws {
    let box = try nightlyBox()
    let workspace = try box.workspace(at: evening, opensStoreFirst: true)
    #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    try workspace.store.write { _ in
      #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    }
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
    // Every later step takes the lock again.
    try workspace.store.write { _ in
      #expect(throws: SpotterIOError.self) { try ProcessLock(storePath: box.db, waitSeconds: 0) }
    }
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
  }

  @Test func aBadConfigLeavesTheStoreAsItWasAndTheLockFree() throws {
    let box = try nightlyBox()
    let before = try Data(contentsOf: URL(fileURLWithPath: box.db))
    try "timezone = \"Mars/Olympus\"\n".write(toFile: box.config, atomically: false, encoding: .utf8)
    #expect(throws: (any Error).self) { try box.workspace(at: evening, opensStoreFirst: true) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: box.db)) == before)
    #expect(Store.isSteady(at: box.db))
    try ProcessLock(storePath: box.db, waitSeconds: 0).release()
  }

  @Test func aBusyStoreIsTheUsualLockError() throws {
    let box = try nightlyBox()
    let holder = try ProcessLock(storePath: box.db, waitSeconds: 0)
    defer { holder.release() }
    var options = SpotterOptions(
      configPath: box.config, databasePath: box.db, now: evening,
      environment: ["HOME": box.dir.path, "SPOTTER_LOCALTIME": "/usr/share/zoneinfo/Europe/Berlin"],
      lockWaitSeconds: 0)
    options.opensStoreFirst = true
    #expect(throws: SpotterIOError.locked(path: box.db + ".lock", holder: "pid \(getpid())")) {
      try Workspace(options: options)
    }
  }
}
