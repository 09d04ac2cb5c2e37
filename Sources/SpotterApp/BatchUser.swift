import Foundation

/// One user of `spotter batch`, a line of the manifest: every path explicit, nothing taken from
/// the environment.
public struct BatchUser: Sendable, Hashable, Decodable {
  public var id: String
  public var db: String
  public var config: String
  public var out: String
  public var state: String
  /// The exports to import; nil: the config's `[import] sources`.
  public var history: [String]?

  public init(id: String, db: String, config: String, out: String, state: String, history: [String]? = nil) {
    self.id = id
    self.db = db
    self.config = config
    self.out = out
    self.state = state
    self.history = history
  }
}
