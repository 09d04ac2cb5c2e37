import Foundation

/// What a command has to tell the user besides its result, gathered while it runs and printed on
/// stderr once it ends: the store pinned a zone, or this environment disagrees with the pinned one.
public final class Notices: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  public init() {}

  /// Adds `notice` unless it is already there: a command that publishes twice (`done` keeps
  /// the day's plan, then marks it) says a failed sink once.
  public func add(_ notice: String) {
    lock.lock()
    defer { lock.unlock() }
    if !items.contains(notice) { items.append(notice) }
  }

  /// Whether nothing was noticed so far.
  public var isEmpty: Bool {
    lock.lock()
    defer { lock.unlock() }
    return items.isEmpty
  }

  /// Every notice so far, each once.
  public func drain() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    defer { items = [] }
    return items
  }
}
