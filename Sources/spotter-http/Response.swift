/// What this process answers on standard output.
struct Response: Encodable {
  var status: Int?
  var headers: [String: String]?
  var body: String?
  var error: String?
  var tooLarge: Bool?

  enum CodingKeys: String, CodingKey {
    case status, headers, body, error
    case tooLarge = "too_large"
  }
}
