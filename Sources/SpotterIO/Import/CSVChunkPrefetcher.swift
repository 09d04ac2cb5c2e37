import CSpotterMalloc
import Foundation

/// Reads a file's next chunks on a second thread while the caller turns the last one into
/// sessions.
///
/// Splitting a chunk into records and reading its sets take about a third and two thirds of an
/// import; one after the other on the nightly run's two cores, they left one core idle. The
/// chunks come out in the file's order, with the errors ``CSVChunkReader`` gives, so the result
/// is the same as reading in turn. At most ``depth`` chunks wait, so memory stays flat.
final class CSVChunkPrefetcher: @unchecked Sendable {
  /// How many chunks may be read ahead of the caller.
  static let depth = 2

  // Guarded by `condition`: the reader belongs to the reading thread once it has started.
  private var reader: CSVChunkReader
  private let condition = NSCondition()
  private var ready: [Result<CSVTable?, any Error>] = []
  private var stopping = false
  private var running = true
  private var closed = false

  /// Starts reading ahead from `reader`, which the prefetcher now owns.
  init(_ reader: CSVChunkReader) {
    self.reader = reader
    // Chunks allocated on one thread and freed on the other must not stay in the heap between
    // the sessions kept: import memory would grow with the years in the file.
    spotter_fix_mmap_threshold()
    let thread = Thread { [self] in readAhead() }
    thread.name = "spotter-csv-prefetch"
    thread.start()
  }

  deinit { stop() }

  /// The next chunk's records, or nil at the end of the file; the reader's error when it failed.
  func next() throws -> CSVTable? {
    condition.lock()
    while ready.isEmpty && running { condition.wait() }
    // Once the reading thread has ended, what it left is all there is: an end or an error.
    let result = ready.isEmpty ? .success(nil) : ready.removeFirst()
    condition.broadcast()
    condition.unlock()
    return try result.get()
  }

  /// Stops reading ahead, waits for the reading thread to end and closes the file. Safe to call
  /// more than once; an import that stops at an error calls it before the chunks run out.
  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    while running { condition.wait() }
    let close = !closed
    closed = true
    condition.unlock()
    if close { reader.close() }
  }

  private func readAhead() {
    while true {
      condition.lock()
      while ready.count >= Self.depth && !stopping { condition.wait() }
      let stop = stopping
      condition.unlock()
      if stop { break }
      let result = Result { try reader.next() }
      condition.lock()
      ready.append(result)
      condition.broadcast()
      condition.unlock()
      if case .success(.some) = result { continue }
      break
    }
    condition.lock()
    running = false
    condition.broadcast()
    condition.unlock()
  }
}
