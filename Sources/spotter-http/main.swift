// spotter-http: one HTTPS GET for `spotter sync`, in a process of its own.
//
// Foundation's URLSession links libcurl and its TLS stack, which cost every spotter command
// about 25 ms and 7 MB at start-up when linked into the main binary. Only a sync needs them, so
// they live here, and spotter runs this beside itself for each request.
//
// Standard input: one JSON object {"url": String, "headers": {String: String}, "timeout": Double},
// so that no secret (the API key travels as a header) is ever on a command line. Standard output:
// {"status": Int, "headers": {String: String}, "body": base64} or {"error": String}. Redirects are
// not followed. A body past `maximumBytes` is answered {"status", "headers", "too_large": true} as
// soon as the limit is passed, so memory stays that of the limit whatever the server sends.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Request: Decodable {
  var url: String
  var headers: [String: String]
  var timeout: Double
  /// The largest body the caller takes; a larger one is answered as `too_large` at once.
  var maximumBytes: Int?
}

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

/// The most bytes a body may have, whatever the request asks: 16 MiB.
let largestAllowed = 16 << 20

/// Takes the answer a piece at a time and stops at `maximumBytes`: the body is never gathered
/// whole before the cut, so an endless or huge answer costs the same memory as a large page.
/// Redirects are refused.
final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var status: Int?
  private var headers: [String: String] = [:]
  private var body = Data()
  private var finished = false
  private var failure: String?

  var response: Response {
    lock.lock()
    defer { lock.unlock() }
    if let status { return Response(status: status, headers: headers, body: body.base64EncodedString()) }
    return Response(error: failure ?? "no HTTP answer")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    lock.lock()
    if let http = response as? HTTPURLResponse {
      status = http.statusCode
      for (key, value) in http.allHeaderFields {
        // A header is a few words; one of megabytes is cut, as the body is.
        if let key = key as? String, let value = value as? String, headers.count < 100 {
          headers[String(key.lowercased().prefix(256))] = String(value.prefix(4096))
        }
      }
    }
    lock.unlock()
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    guard body.count + data.count <= maximumBytes else {
      // Past the limit the answer is known: too large. It is given and the process ends here,
      // at once: a cancelled transfer goes on reading for a while, and an endless body at
      // loopback speed would fill memory in that while.
      let status = self.status
      let headers = self.headers
      lock.unlock()
      answer(Response(status: status, headers: headers, tooLarge: true))
    }
    body.append(data)
    lock.unlock()
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    finish(error.map { ($0 as NSError).localizedDescription }, cancelling: nil)
  }

  private func finish(_ error: String?, cancelling task: URLSessionTask?) {
    lock.lock()
    guard !finished else {
      lock.unlock()
      return
    }
    finished = true
    if let error {
      failure = error
      status = nil
    }
    lock.unlock()
    task?.cancel()
    done.signal()
  }
}

func answer(_ response: Response) -> Never {
  let data = (try? JSONEncoder().encode(response)) ?? Data("{\"error\":\"cannot encode the answer\"}".utf8)
  FileHandle.standardOutput.write(data)
  exit(0)
}

let input = FileHandle.standardInput.readData(ofLength: 1 << 16)
guard let request = try? JSONDecoder().decode(Request.self, from: input), let url = URL(string: request.url),
  ["http", "https"].contains(url.scheme?.lowercased() ?? "")
else {
  answer(Response(error: "spotter-http: expected a JSON request for an http(s) address on standard input"))
}
let timeout = max(0.1, min(request.timeout, 600))
let maximumBytes = max(0, min(request.maximumBytes ?? largestAllowed, largestAllowed))
var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
urlRequest.httpMethod = "GET"
for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = timeout
configuration.timeoutIntervalForResource = timeout
configuration.httpCookieStorage = nil
configuration.urlCache = nil
let receiver = Receiver()
let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
let task = session.dataTask(with: urlRequest)
task.resume()
if receiver.done.wait(timeout: .now() + timeout + 1) == .timedOut {
  task.cancel()
  answer(Response(error: "timed out after \(Int(timeout.rounded())) s"))
}
answer(receiver.response)
