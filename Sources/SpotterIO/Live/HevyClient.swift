import Foundation
import SpotterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads workouts from Hevy's public API: `GET /v1/workouts` and `GET /v1/workouts/events`,
/// ten to a page (the most the API gives), with the key in the `api-key` header.
///
/// The requests themselves are made by `spotter-http`, a helper beside spotter, so that
/// URLSession's libcurl and TLS libraries load only when a sync runs.
///
/// Every request is bounded: a timeout per request, a few retries with doubling waits for rate
/// limits (429, honouring a short `Retry-After`), server errors and dropped connections, and an
/// overall deadline. Redirects are not followed, so the key goes to the configured host alone;
/// and the key never appears in an error, even when a server echoes it.
public struct HevyClient: Sendable {
  public var baseURL: String
  private let apiKey: String
  private let redactor: SecretRedactor
  /// The `spotter-http` executable.
  public var helper: String
  /// How long one request may take.
  public var requestTimeout: TimeInterval
  /// How many times a request is tried in all.
  public var attempts: Int
  /// The first wait before a retry; each next one is twice as long.
  public var backoff: TimeInterval
  /// No request starts, and no wait lasts, past this instant.
  public var deadline: Date?

  /// The most the API gives per page.
  public static let pageSize = 10
  /// The most pages one sync reads: 100,000 workouts, far beyond a lifetime of training.
  public static let maximumPages = 10_000
  /// Why a request was not made: the deadline passed while the server was answering, so the
  /// source was reachable, only the history long.
  public static let outOfTime = Phrase(
    "no time left to ask (the command's bound)", de: "keine Zeit mehr zum Fragen (die Grenze des Befehls)")
  /// The largest response taken: a page of ten workouts is a few tens of kilobytes.
  static let maximumResponseBytes = 8 << 20
  /// The longest `Retry-After` obeyed; a longer one fails the sync, to be tried next time.
  static let longestRetryAfter: TimeInterval = 30

  public init(
    baseURL: String, apiKey: String, helper: String, requestTimeout: TimeInterval = 15, attempts: Int = 4,
    backoff: TimeInterval = 0.5, deadline: Date? = nil
  ) {
    self.helper = helper
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.redactor = SecretRedactor(secret: apiKey)
    self.requestTimeout = requestTimeout
    self.attempts = attempts
    self.backoff = backoff
    self.deadline = deadline
  }

  /// One page of every workout, newest first.
  public func workouts(page: Int) throws -> HevyPage {
    try fetchPage(path: "/v1/workouts", query: [("page", "\(page)"), ("pageSize", "\(Self.pageSize)")])
  }

  /// One page of what changed since `since` (ISO 8601, UTC).
  public func events(since: String, page: Int) throws -> HevyPage {
    try fetchPage(
      path: "/v1/workouts/events",
      query: [("page", "\(page)"), ("pageSize", "\(Self.pageSize)"), ("since", since)])
  }

  private func fetchPage(path: String, query: [(String, String)]) throws -> HevyPage {
    let (data, address, date) = try get(path, query: query)
    var page = try Self.page(decoding: data, address: address, redactor: redactor)
    page.serverDate = date
    return page
  }

  /// A page from the body of a 200 answer, every text in it with the key blanked out; errors
  /// name `address` and the field, never the response's text or the key.
  public static func page(decoding data: Data, address: String, redactor: SecretRedactor) throws -> HevyPage {
    do {
      let page = try JSONDecoder().decode(HevyPage.self, from: data).redacted(by: redactor)
      guard page.pageCount >= 0, page.pageCount <= Self.maximumPages, page.page >= 0 else {
        throw SpotterIOError.malformedJSON(
          file: address, line: 1, field: "page_count",
          reason: Phrase(
            "expected 0 to \(Self.maximumPages) pages, got \(page.pageCount)",
            de: "erwartet 0 bis \(Self.maximumPages) Seiten, nicht \(page.pageCount)"))
      }
      return page
    } catch let error as DecodingError {
      throw Self.describe(error, address: address, data: data).redacting(redactor)
    }
  }

  /// A decoding error as the field it is about and what was wrong, never the response's text.
  static func describe(_ error: DecodingError, address: String, data: Data) -> SpotterIOError {
    func path(_ keys: [any CodingKey]) -> String {
      let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return text.hasPrefix(".") ? String(text.dropFirst()) : text.isEmpty ? "(response)" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .malformedJSON(
        file: address, line: 1, field: path(context.codingPath + [key]),
        reason: Phrase("missing", de: "fehlt"))
    case .typeMismatch(let type, let context):
      return .malformedJSON(
        file: address, line: 1, field: path(context.codingPath),
        reason: Phrase("expected \(type)", de: "erwartet \(type)"))
    case .valueNotFound(let type, let context):
      return .malformedJSON(
        file: address, line: 1, field: path(context.codingPath),
        reason: Phrase("expected \(type), got null", de: "erwartet \(type), nicht null"))
    case .dataCorrupted(let context):
      let reason = context.codingPath.isEmpty ? "not JSON (\(data.count) bytes)" : context.debugDescription
      return .malformedJSON(file: address, line: 1, field: path(context.codingPath), reason: Phrase(reason))
    @unknown default:
      return .malformedJSON(
        file: address, line: 1, field: "(response)", reason: Phrase("cannot be read", de: "nicht lesbar"))
    }
  }

  /// The body of a 200 answer to `GET path?query`, the address it came from (without the key,
  /// which travels in a header), and the server's clock from its `Date` header.
  private func get(_ path: String, query: [(String, String)]) throws -> (Data, String, Date?) {
    var components = URLComponents(string: baseURL + path)
    components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    guard let url = components?.url else {
      throw SpotterIOError.liveSource(
        address: baseURL + path, status: nil,
        reason: Phrase("not a valid address", de: "keine gültige Adresse"))
    }
    let address = url.absoluteString
    var wait = backoff
    var lastFailure: SpotterIOError?
    for attempt in 1...max(1, attempts) {
      if let deadline, Date() >= deadline {
        throw lastFailure ?? .liveSource(address: address, status: nil, reason: Self.outOfTime)
      }
      let answer = fetch(url)
      var retryAfter: TimeInterval?
      switch answer {
      case .failure(let reason):
        lastFailure = .liveSource(address: address, status: nil, reason: Phrase(redacted(reason)))
      case .tooLarge(let status):
        throw SpotterIOError.liveSource(
          address: address, status: status,
          reason: Phrase(
            "answer larger than \(Self.maximumResponseBytes) bytes",
            de: "Antwort größer als \(Self.maximumResponseBytes) Bytes"))
      case .success(let status, let headers, let body):
        switch status {
        case 200:
          guard body.count <= Self.maximumResponseBytes else {
            throw SpotterIOError.liveSource(
              address: address, status: status,
              reason: Phrase(
                "answer larger than \(Self.maximumResponseBytes) bytes",
                de: "Antwort größer als \(Self.maximumResponseBytes) Bytes"))
          }
          return (body, address, headers["date"].flatMap(Self.httpDate))
        case 401, 403:
          throw SpotterIOError.liveSource(
            address: address, status: status,
            reason:
              "the API key was refused (\(excerpt(body))); check [hevy] api_key, api_key_file or HEVY_API_KEY"
          )
        case 429:
          lastFailure = .liveSource(
            address: address, status: status,
            reason: Phrase(
              "rate limited; try again later", de: "zu viele Anfragen; versuche es später noch einmal"))
          retryAfter = headers["retry-after"].flatMap { Self.retryAfter($0, now: Date()) }
          if let asked = retryAfter, asked > Self.longestRetryAfter {
            throw SpotterIOError.liveSource(
              address: address, status: status,
              reason: Phrase(
                "rate limited for \(Self.describe(seconds: asked)); try again later",
                de: "zu viele Anfragen für \(Self.describe(seconds: asked)); versuche es später noch einmal"))
          }
        case 500...599:
          lastFailure = .liveSource(
            address: address, status: status,
            reason: Phrase("server error (\(excerpt(body)))", de: "Serverfehler (\(excerpt(body)))"))
        default:
          throw SpotterIOError.liveSource(
            address: address, status: status,
            reason: Phrase(
              "unexpected answer (\(excerpt(body)))", de: "unerwartete Antwort (\(excerpt(body)))"))
        }
      }
      guard attempt < attempts else { break }
      var pause = max(wait, retryAfter ?? 0)
      if let deadline { pause = min(pause, max(0, deadline.timeIntervalSinceNow)) }
      if pause > 0 { Thread.sleep(forTimeInterval: pause) }
      wait *= 2
    }
    throw lastFailure
      ?? .liveSource(address: address, status: nil, reason: Phrase("no answer", de: "keine Antwort"))
  }

  /// The longest wait a `Retry-After` is read as: anything longer says "not tonight" just as well,
  /// and every figure stays far inside `Int`, whatever the server sent.
  static let longestReadableRetryAfter: TimeInterval = 366 * 86400

  /// The seconds a `Retry-After` value asks for (RFC 9110, Section 10.2.3): `delay-seconds`, one
  /// or more digits, or an HTTP-date. Nil for anything else, which is then not obeyed. Every
  /// value is clamped to ``longestReadableRetryAfter`` before it becomes a number, so `1e300`,
  /// `inf` or twenty nines can neither overflow nor trap: they are not digits, or too many.
  static func retryAfter(_ value: String, now: Date) -> TimeInterval? {
    let text = value.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
    if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      // Ten digits already exceed a year; count them rather than convert them.
      let digits = text.drop { $0 == "0" }
      guard digits.count <= 9, let seconds = Int(digits.isEmpty ? "0" : String(digits)) else {
        return longestReadableRetryAfter
      }
      return min(TimeInterval(seconds), longestReadableRetryAfter)
    }
    return httpDate(text).map { min(max(0, $0.timeIntervalSince(now)), longestReadableRetryAfter) }
  }

  /// An HTTP date (RFC 9110: IMF-fixdate, and the obsolete RFC 850 and asctime forms), or nil.
  static func httpDate(_ value: String) -> Date? {
    let text = value.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }

  /// A wait in words: seconds, or whole hours and days when long.
  static func describe(seconds: TimeInterval) -> String {
    let whole = Int(min(max(0, seconds), longestReadableRetryAfter).rounded(.up))
    if whole >= Int(longestReadableRetryAfter) { return "more than a year" }
    if whole >= 2 * 86400 { return "\(whole / 86400) days" }
    if whole >= 2 * 3600 { return "\(whole / 3600) hours" }
    return "\(whole) s"
  }

  /// The start of a body for an error: one line, at most 120 characters, control characters
  /// escaped, and the key blanked out before anything is cut, so no cut can leave a piece of it.
  private func excerpt(_ body: Data) -> String {
    let text = redacted(String(decoding: body.prefix(4096), as: UTF8.self))
      .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    return text.isEmpty
      ? "no body" : ErrorText.quoted(text.count > 120 ? String(text.prefix(120)) + "…" : text)
  }

  private func redacted(_ text: String) -> String { redactor.redact(text) }

  private enum Answer {
    case success(status: Int, headers: [String: String], body: Data)
    /// A body past ``maximumResponseBytes``, cut by the helper as it streamed in.
    case tooLarge(status: Int)
    case failure(String)
  }

  /// One request, waited for at most the request timeout (and the deadline), made by the
  /// `spotter-http` helper: the key goes to it on standard input, never on a command line.
  private func fetch(_ url: URL) -> Answer {
    var timeout = requestTimeout
    if let deadline { timeout = max(0.1, min(timeout, deadline.timeIntervalSinceNow)) }
    guard FileManager.default.isExecutableFile(atPath: helper) else {
      return .failure(
        "\(helper) is missing; install spotter with scripts/install, which puts it beside spotter")
    }
    let request: [String: Any] = [
      "url": url.absoluteString, "headers": ["api-key": apiKey, "Accept": "application/json"],
      "timeout": timeout, "maximumBytes": Self.maximumResponseBytes,
    ]
    guard let input = try? JSONSerialization.data(withJSONObject: request) else {
      return .failure("no request")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: helper)
    process.arguments = []
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure("cannot run \(helper): \(error.localizedDescription)")
    }
    stdin.fileHandleForWriting.write(input)
    try? stdin.fileHandleForWriting.close()
    // The helper keeps its own timeout; this one only ends a helper that hangs past it.
    let pid = process.processIdentifier
    let guardTimer = DispatchWorkItem { _ = kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout + 3, execute: guardTimer)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guardTimer.cancel()
    guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any] else {
      return .failure("timed out after \(Int(timeout.rounded())) s")
    }
    if let error = object["error"] as? String { return .failure(error) }
    if object["too_large"] as? Bool == true, let status = object["status"] as? Int {
      return .tooLarge(status: status)
    }
    guard let status = object["status"] as? Int, let text = object["body"] as? String,
      let body = Data(base64Encoded: text)
    else { return .failure("no HTTP answer") }
    return .success(status: status, headers: object["headers"] as? [String: String] ?? [:], body: body)
  }
}
