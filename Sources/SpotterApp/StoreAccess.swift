import Foundation
import SpotterCore
import SpotterIO

/// The one way into an invocation's store: ``read(_:)`` to look, ``write(existing:_:)`` to change.
///
/// A read opens a read-only connection: no lock, no migration, no pinning, and no file is ever
/// created (a missing store reads as an empty one). A write takes the process lock that keeps
/// other spotter processes out, opens the store (creating and migrating it unless `existing`),
/// pins this invocation's zone and language on first use, and releases the lock when its body
/// returns; a ``session(existing:)`` takes the lock again for each of its steps. Nothing else in
/// the App layer opens a store or takes the lock.
public struct StoreAccess: Sendable {
  /// The store's path, as `--db` or the default gave it.
  public let path: String
  /// How long to wait for another process's lock, `--wait`.
  public let waitSeconds: Double
  /// How long a statement waits for SQLite's own lock (``SpotterOptions/storeBusySeconds``).
  public let busySeconds: Double
  let pinning: StorePinning
  let notices: Notices
  /// The language the pinning note is said in.
  let words: ConsoleWords
  /// A store opened before the workspace was resolved, if the command asked for it; empty
  /// otherwise.
  let held: StoreHolder

  /// Runs `body` on a read-only connection to the store.
  public func read<T>(_ body: (Store) throws -> T) throws -> T {
    try body(try Store(readingAt: path, busyTimeout: busySeconds))
  }

  /// Runs `body` on the store while holding the lock.
  ///
  /// - Parameter existing: refuses a store that is not there, before even a lock file appears
  ///   beside the path: for commands that deliver or change what an earlier run planned (`fire`,
  ///   `catch-up`, a sync), which a mistyped `--db` must not answer with an empty new store.
  public func write<T>(existing: Bool = false, _ body: (Store) throws -> T) throws -> T {
    let (lock, store) = try opened(existing: existing)
    defer { lock.release() }
    return try body(store)
  }

  /// Opens the store under the lock (checked, created and migrated unless `existing`, pinned),
  /// and returns the session through which each step takes it: for commands that must not hold
  /// the lock while a notifier runs. The session keeps this first lock until it lets it go
  /// (``StoreSession/unlocked(_:)``, ``StoreSession/release()``).
  public func session(existing: Bool = false) throws -> StoreSession {
    let (lock, store) = try opened(existing: existing)
    return StoreSession(store: store, access: self, holding: lock)
  }

  /// The lock, and the store opened and pinned under it; the lock is let go if opening fails.
  private func opened(existing: Bool) throws -> (ProcessLock, Store) {
    if existing { try requireStore() }
    let lock = try held.takeLock() ?? ProcessLock(storePath: path, waitSeconds: waitSeconds)
    do {
      if existing { try requireStore() }
      let store = try held.store ?? Store(path: path, busyTimeout: busySeconds)
      try pinning.pin(store, notices: notices, words: words)
      return (lock, store)
    } catch {
      lock.release()
      throw error
    }
  }

  /// Fails unless the store exists.
  public func requireStore() throws {
    guard FileManager.default.fileExists(atPath: path) else {
      throw SpotterIOError.io(
        path: path,
        reason: Phrase(
          "no store here (No such file or directory); check --db, or run `spotter run` first",
          de: "hier ist kein Speicher (Datei oder Verzeichnis nicht gefunden); prüfe --db, oder führe zuerst "
            + "`spotter run` aus"))
    }
  }
}
