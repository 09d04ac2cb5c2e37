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

/// The most bytes a body may have, whatever the request asks: 16 MiB.
let largestAllowed = 16 << 20

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
