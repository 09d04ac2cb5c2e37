import Foundation
import SpotterIO

/// A store a command opened before its workspace was resolved, with the lock it was opened
/// under: the nightly run's one connection (``SpotterOptions/opensStoreFirst``).
///
/// The first step that writes (``StoreAccess/write(existing:_:)``) works under that lock and lets
/// it go as any step does; every later step takes the lock again and finds the store open.
final class StoreHolder: @unchecked Sendable {
  /// Touched only by the thread of the command that owns the workspace.
  private(set) var store: Store?
  private var lock: ProcessLock?

  init(store: Store? = nil, lock: ProcessLock? = nil) {
    self.store = store
    self.lock = lock
  }

  /// Opens the steady store at `path` (``Store/isSteady(at:)``) under its lock, waiting for the
  /// lock as long as `waitSeconds` and for SQLite's as long as `busySeconds`; nil when the store
  /// is not steady or does not open, for the command to open it the usual way. A lock held by
  /// another process is an error, as it would be at the command's first step.
  static func openFirst(path: String, waitSeconds: Double, busySeconds: Double) throws -> StoreHolder? {
    guard Store.isSteady(at: path) else { return nil }
    let lock = try ProcessLock(storePath: path, waitSeconds: waitSeconds)
    // Looked at again under the lock: a writer may have been between the look and the lock.
    guard Store.isSteady(at: path), let store = try? Store(path: path, busyTimeout: busySeconds) else {
      lock.release()
      return nil
    }
    return StoreHolder(store: store, lock: lock)
  }

  /// The lock the store was opened under, once: the step that takes it releases it.
  func takeLock() -> ProcessLock? {
    defer { lock = nil }
    return lock
  }
}
