// spotter-http: one HTTPS GET for `spotter sync`, in a process of its own.
//
// Foundation's URLSession links libcurl and its TLS stack, which cost every spotter command
// about 25 ms and 7 MB at start-up when linked into the main binary. Only a sync needs them, so
// they live here, and spotter runs this beside itself for each request.
//
// Standard input: one JSON object {"url": String, "headers": {String: String}, "timeout": Double},
// so that no secret (the API key travels as a header) is ever on a command line. Standard output:
// {"status": Int, "headers": {String: String}, "body": base64} or {"error": String}. Redirects are
// not followed. The body is cut at `maximumBytes`, which the caller refuses.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Request: Decodable {
  var url: String
  var headers: [String: String]
  var timeout: Double
}

struct Response: Encodable {
  var status: Int?
  var headers: [String: String]?
  var body: String?
  var error: String?
}

let maximumBytes = 16 << 20

final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

final class Box: @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  var response = Response(error: "no answer")
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
var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
urlRequest.httpMethod = "GET"
for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = timeout
configuration.timeoutIntervalForResource = timeout
configuration.httpCookieStorage = nil
configuration.urlCache = nil
let session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
let box = Box()
let task = session.dataTask(with: urlRequest) { data, response, error in
  if let error {
    box.response = Response(error: (error as NSError).localizedDescription)
  } else if let http = response as? HTTPURLResponse {
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
    }
    let body = (data ?? Data()).prefix(maximumBytes + 1)
    box.response = Response(status: http.statusCode, headers: headers, body: body.base64EncodedString())
  } else {
    box.response = Response(error: "no HTTP answer")
  }
  box.done.signal()
}
task.resume()
if box.done.wait(timeout: .now() + timeout + 1) == .timedOut {
  task.cancel()
  answer(Response(error: "timed out after \(Int(timeout.rounded())) s"))
}
answer(box.response)
