import Foundation
import SpotterCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads workouts from Hevy's public API: `GET /v1/workouts` and `GET /v1/workouts/events`,
/// ten to a page (the most the API gives), with the key in the `api-key` header.
///
/// Every request is bounded: a timeout per request, a few retries with doubling waits for rate
/// limits (429, honouring a short `Retry-After`), server errors and dropped connections, and an
/// overall deadline. Redirects are not followed, so the key goes to the configured host alone;
/// and the key never appears in an error, even when a server echoes it.
public struct HevyClient: Sendable {
  public var baseURL: String
  private let apiKey: String
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
  /// The largest response taken: a page of ten workouts is a few tens of kilobytes.
  static let maximumResponseBytes = 8 << 20
  /// The longest `Retry-After` obeyed; a longer one fails the sync, to be tried next time.
  static let longestRetryAfter: TimeInterval = 30

  public init(
    baseURL: String, apiKey: String, requestTimeout: TimeInterval = 15, attempts: Int = 4,
    backoff: TimeInterval = 0.5, deadline: Date? = nil
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
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
    let (data, address) = try get(path, query: query)
    do {
      let page = try JSONDecoder().decode(HevyPage.self, from: data)
      guard page.pageCount >= 0, page.pageCount <= Self.maximumPages, page.page >= 0 else {
        throw SpotterIOError.malformedJSON(
          file: address, line: 1, field: "page_count",
          reason: "expected 0 to \(Self.maximumPages) pages, got \(page.pageCount)")
      }
      return page
    } catch let error as DecodingError {
      throw Self.describe(error, address: address, data: data)
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
        file: address, line: 1, field: path(context.codingPath + [key]), reason: "missing")
    case .typeMismatch(let type, let context):
      return .malformedJSON(
        file: address, line: 1, field: path(context.codingPath), reason: "expected \(type)")
    case .valueNotFound(let type, let context):
      return .malformedJSON(
        file: address, line: 1, field: path(context.codingPath), reason: "expected \(type), got null")
    case .dataCorrupted(let context):
      let reason = context.codingPath.isEmpty ? "not JSON (\(data.count) bytes)" : context.debugDescription
      return .malformedJSON(file: address, line: 1, field: path(context.codingPath), reason: reason)
    @unknown default:
      return .malformedJSON(file: address, line: 1, field: "(response)", reason: "cannot be read")
    }
  }

  /// The body of a 200 answer to `GET path?query`, and the address it came from (without the
  /// key, which travels in a header).
  private func get(_ path: String, query: [(String, String)]) throws -> (Data, String) {
    var components = URLComponents(string: baseURL + path)
    components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    guard let url = components?.url else {
      throw SpotterIOError.liveSource(address: baseURL + path, status: nil, reason: "not a valid address")
    }
    let address = url.absoluteString
    var wait = backoff
    var lastFailure: SpotterIOError?
    for attempt in 1...max(1, attempts) {
      if let deadline, Date() >= deadline {
        throw lastFailure
          ?? .liveSource(address: address, status: nil, reason: "no time left to ask (the command's bound)")
      }
      let answer = fetch(url)
      var retryAfter: TimeInterval?
      switch answer {
      case .failure(let reason):
        lastFailure = .liveSource(address: address, status: nil, reason: redacted(reason))
      case .success(let status, let headers, let body):
        switch status {
        case 200:
          guard body.count <= Self.maximumResponseBytes else {
            throw SpotterIOError.liveSource(
              address: address, status: status,
              reason: "answer larger than \(Self.maximumResponseBytes) bytes")
          }
          return (body, address)
        case 401, 403:
          throw SpotterIOError.liveSource(
            address: address, status: status,
            reason:
              "the API key was refused (\(excerpt(body))); check [hevy] api_key, api_key_file or HEVY_API_KEY"
          )
        case 429:
          lastFailure = .liveSource(
            address: address, status: status, reason: "rate limited; try again later")
          retryAfter = headers["retry-after"].flatMap {
            TimeInterval($0.trimmingCharacters(in: .whitespaces))
          }
          if let asked = retryAfter, asked > Self.longestRetryAfter {
            throw SpotterIOError.liveSource(
              address: address, status: status, reason: "rate limited for \(Int(asked)) s; try again later")
          }
        case 500...599:
          lastFailure = .liveSource(
            address: address, status: status, reason: "server error (\(excerpt(body)))")
        default:
          throw SpotterIOError.liveSource(
            address: address, status: status, reason: "unexpected answer (\(excerpt(body)))")
        }
      }
      guard attempt < attempts else { break }
      var pause = max(wait, retryAfter ?? 0)
      if let deadline { pause = min(pause, max(0, deadline.timeIntervalSinceNow)) }
      if pause > 0 { Thread.sleep(forTimeInterval: pause) }
      wait *= 2
    }
    throw lastFailure ?? .liveSource(address: address, status: nil, reason: "no answer")
  }

  /// The start of a body for an error: one line, at most 120 characters, the key blanked out.
  private func excerpt(_ body: Data) -> String {
    let text = String(decoding: body.prefix(512), as: UTF8.self)
      .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    let short = text.count > 120 ? String(text.prefix(120)) + "…" : text
    return short.isEmpty ? "no body" : "'\(redacted(short))'"
  }

  private func redacted(_ text: String) -> String {
    apiKey.count >= 4 ? text.replacingOccurrences(of: apiKey, with: "(key)") : text
  }

  private enum Answer {
    case success(status: Int, headers: [String: String], body: Data)
    case failure(String)
  }

  /// One request, waited for at most the request timeout (and the deadline).
  private func fetch(_ url: URL) -> Answer {
    var timeout = requestTimeout
    if let deadline { timeout = max(0.1, min(timeout, deadline.timeIntervalSinceNow)) }
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.httpMethod = "GET"
    request.setValue(apiKey, forHTTPHeaderField: "api-key")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    let delegate = NoRedirects()
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let box = AnswerBox()
    let task = session.dataTask(with: request) { data, response, error in
      if let error {
        box.set(.failure((error as NSError).localizedDescription))
      } else if let http = response as? HTTPURLResponse {
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
          if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        box.set(.success(status: http.statusCode, headers: headers, body: data ?? Data()))
      } else {
        box.set(.failure("no HTTP answer"))
      }
    }
    task.resume()
    guard box.wait(seconds: timeout + 1) else {
      task.cancel()
      return .failure("timed out after \(Int(timeout.rounded())) s")
    }
    return box.answer ?? .failure("no answer")
  }

  /// Where the completion handler leaves its answer for the waiting thread.
  private final class AnswerBox: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stored: Answer?

    func set(_ answer: Answer) {
      lock.lock()
      stored = answer
      lock.unlock()
      done.signal()
    }

    var answer: Answer? {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }

    func wait(seconds: TimeInterval) -> Bool { done.wait(timeout: .now() + seconds) == .success }
  }

  /// Refuses every redirect: the key must not follow one to another host.
  private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }
}
