/// `[hevy]`: where Spotter reads a Hevy Pro account's workouts live, and with which key.
///
/// The key is a secret: this type's description never shows it, so a settings dump, a log line
/// or an error that interpolates it cannot leak it.
public struct HevySettings: Sendable, Hashable, CustomStringConvertible {
  /// The key written in the config, if any.
  public var apiKey: String?
  /// A file holding the key, readable by the user alone.
  public var apiKeyFile: String?
  /// The API's base address; tests point it at a local server.
  public var url: String

  public static let defaultURL = "https://api.hevyapp.com"

  public init(apiKey: String? = nil, apiKeyFile: String? = nil, url: String = Self.defaultURL) {
    self.apiKey = apiKey
    self.apiKeyFile = apiKeyFile
    self.url = url
  }

  public var description: String {
    "HevySettings(url: \(url), apiKey: \(apiKey == nil ? "none" : "hidden"), apiKeyFile: \(apiKeyFile ?? "none"))"
  }
}
