import Foundation
import SpotterIO

/// A store opened once for a command that lets go of the lock in between, and takes it again
/// for each step: `fire` and `catch-up` while a notifier runs, `run` while it catches up.
///
/// The store is only ever handed to a ``locked(_:)`` body, so no step can touch it without the
/// lock; opening it once (checked, migrated and pinned under the first lock) spares each step
/// the millisecond of opening it again.
public final class StoreSession: @unchecked Sendable {
  private let store: Store
  private let access: StoreAccess

  init(store: Store, access: StoreAccess) {
    self.store = store
    self.access = access
  }

  /// Runs `body` on the store while holding the lock again.
  public func locked<T>(_ body: (Store) throws -> T) throws -> T {
    let lock = try ProcessLock(storePath: access.path, waitSeconds: access.waitSeconds)
    defer { lock.release() }
    return try body(store)
  }
}
