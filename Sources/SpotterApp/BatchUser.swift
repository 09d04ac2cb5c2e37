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

  /// The keys a manifest line may have.
  public static let keys = ["id", "db", "config", "out", "state", "history"]

  /// A key no user has: a misspelt `"hisotry"` read as no history at all ran that user on the
  /// config's sources without a word.
  public struct UnknownKey: Error, Sendable {
    public var key: String
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !Self.keys.contains($0) }) {
      throw UnknownKey(key: unknown)
    }
    func text(_ key: String) throws -> String {
      try container.decode(String.self, forKey: AnyKey(stringValue: key))
    }
    id = try text("id")
    db = try text("db")
    config = try text("config")
    out = try text("out")
    state = try text("state")
    history = try container.decodeIfPresent([String].self, forKey: AnyKey(stringValue: "history"))
  }

  /// Whether `id` can name a user in summaries, logs and a terminal: 1 to 200 bytes, and no
  /// control character, which would break a summary line or move a terminal's cursor.
  public static func isValid(id: String) -> Bool {
    !id.isEmpty && id.utf8.count <= 200
      && !id.unicodeScalars.contains {
        $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
      }
  }
}
