import Foundation
import SpotterIO

/// A store opened once for a command that lets go of the lock in between, and takes it again
/// for each step: `fire` and `catch-up` while a notifier runs, `run` while it catches up.
///
/// The store is only ever handed to a ``locked(_:)`` body, so no step can touch it without the
/// lock; opening it once (checked, migrated and pinned under the first lock) spares each step
/// the millisecond of opening it again. The lock it was opened under is kept until a step must
/// run without it (``unlocked(_:)``) or the command is done (``release()``): a night whose
/// catch-up runs no notifier takes the lock once, not four times, each of them a dozen system
/// calls.
public final class StoreSession: @unchecked Sendable {
  private let store: Store
  private let access: StoreAccess
  /// The lock the session was opened under, until it is let go; touched only by the thread of
  /// the command that owns the session.
  private var held: ProcessLock?

  init(store: Store, access: StoreAccess, holding lock: ProcessLock) {
    self.store = store
    self.access = access
    self.held = lock
  }

  /// Runs `body` on the store while holding the lock: the one the session still holds, or else
  /// the lock taken again for this step.
  public func locked<T>(_ body: (Store) throws -> T) throws -> T {
    if held != nil { return try body(store) }
    let lock = try ProcessLock(storePath: access.path, waitSeconds: access.waitSeconds)
    defer { lock.release() }
    return try body(store)
  }

  /// Runs `body`, a notifier, without the lock: the lock the session was opened under is let go
  /// first, and every later step takes it again.
  public func unlocked<T>(_ body: () throws -> T) rethrows -> T {
    release()
    return try body()
  }

  /// Lets go of the lock the session was opened under, if it still holds it.
  public func release() {
    held?.release()
    held = nil
  }

  deinit { release() }
}
