import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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
