/// What a command reads of a store before opening it for real: the zone and language it was
/// pinned to, which decide how the command reads times, and the fingerprints of the last
/// imports, which decide which files a nightly run parses at all.
///
/// One read-only look at the start of a command, so a run opens no extra connection for either.
public struct StorePreview: Sendable, Hashable {
  /// The pinned zone's identifier, or nil when the store was never pinned or does not exist.
  public var timeZone: String?
  /// The pinned language's code, or nil.
  public var language: String?
  /// The fingerprints of the last imports, by the absolute path of the file.
  public var fingerprints: [String: String]

  public init(timeZone: String? = nil, language: String? = nil, fingerprints: [String: String] = [:]) {
    self.timeZone = timeZone
    self.language = language
    self.fingerprints = fingerprints
  }
}
