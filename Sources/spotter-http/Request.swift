/// What spotter asks: one GET, read from standard input.
struct Request: Decodable {
  var url: String
  var headers: [String: String]
  var timeout: Double
  /// The largest body the caller takes; a larger one is answered as `too_large` at once.
  var maximumBytes: Int?
}
