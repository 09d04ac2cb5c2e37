import Foundation
import SpotterIO

extension Workspace {
  /// Runs one writing command's transaction: takes the store's lock, hands `body` the change
  /// through which it reads, decides, plans and publishes (``StoreChange``), and lets the lock
  /// go when it returns. Every command that rewrites the outputs goes through here, or, for the
  /// nightly run, through a ``StoreChange`` of its own locked step.
  public func change<T>(
    outputDirectory: String, existing: Bool = false, _ body: (StoreChange) throws -> T
  ) throws -> T {
    try store.write(existing: existing) {
      try body(StoreChange(store: $0, workspace: self, outputDirectory: outputDirectory))
    }
  }
}
