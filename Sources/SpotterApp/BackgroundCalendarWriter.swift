import Foundation
import SpotterCore
import SpotterICal

/// Writes the calendar on a thread of its own while the caller plans, reconciles and writes the
/// agenda on this one: libical's building and serialising is most of a large run, and the two
/// halves take the machine's two cores.
///
/// Events go over in batches, in order, through a queue of at most ``maxQueued`` batches, so
/// memory stays flat however many events there are, and the file's bytes are those a single
/// thread writes. A failure on the writer's thread stops the caller at its next ``write(_:)``
/// or at ``finish()``, which also waits for the thread to end.
///
/// The thread starts with the first full batch: a calendar of fewer events (a person's week,
/// every user of a batch) is written at ``finish()`` on the caller's thread, and costs no thread.
final class BackgroundCalendarWriter: @unchecked Sendable {
  /// Events a batch carries: enough that handing one over costs little next to writing it.
  static let batchSize = 256
  /// Batches that may wait: the writer is never starved, and the caller never runs far ahead.
  static let maxQueued = 8

  // Everything below is guarded by `condition`, but for `pending`, which only the caller touches,
  // and `stream` and `sink`, which only the writer's thread touches until it has ended.
  private let condition = NSCondition()
  private var queued: [[Event]] = []
  private var closed = false
  private var ended = false
  private var failure: (any Error)?
  private var pending: [Event] = []
  private let stream: ICSEventStream
  /// Whether the writer's thread was started; only the caller touches it.
  private(set) var started = false

  /// Starts a calendar in `sink` (the frame is written here, on the caller's thread) and the
  /// thread that writes its events; `sink` is called on that thread from then on.
  init(
    timeZone: String, validFrom: Date, validUntil: Date,
    to sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    stream = try ICSEventStream(timeZone: timeZone, validFrom: validFrom, validUntil: validUntil, to: sink)
    pending.reserveCapacity(Self.batchSize)
  }

  /// Queues `event` to be written after every event queued before it.
  func write(_ event: Event) throws {
    pending.append(event)
    if pending.count == Self.batchSize { try hand(over: false) }
  }

  /// Writes what is still queued and the closing line, and waits for the thread to end.
  func finish() throws {
    guard started else {
      // Never a full batch: written here, with nothing to hand over or wait for.
      for event in pending { try stream.write(event) }
      pending = []
      try stream.finish()
      return
    }
    try hand(over: true)
    condition.lock()
    while !ended { condition.wait() }
    let failure = failure
    condition.unlock()
    if let failure { throw failure }
    try stream.finish()
  }

  /// Stops the writer without finishing the file, after the caller failed; waits for it to end.
  func abandon() {
    guard started else { return }
    condition.lock()
    closed = true
    queued = []
    condition.broadcast()
    while !ended { condition.wait() }
    condition.unlock()
  }

  private func hand(over last: Bool) throws {
    if !started {
      started = true
      let thread = Thread { [self] in drain() }
      thread.name = "spotter-calendar"
      thread.start()
    }
    let batch = pending
    pending = []
    pending.reserveCapacity(Self.batchSize)
    condition.lock()
    defer { condition.unlock() }
    while queued.count >= Self.maxQueued && failure == nil { condition.wait() }
    if let failure { throw failure }
    if !batch.isEmpty { queued.append(batch) }
    if last { closed = true }
    condition.broadcast()
  }

  /// The writer's loop: a batch at a time, until the caller closes the queue or a write fails.
  private func drain() {
    while true {
      condition.lock()
      while queued.isEmpty && !closed { condition.wait() }
      guard !queued.isEmpty else {
        ended = true
        condition.broadcast()
        condition.unlock()
        return
      }
      let batch = queued.removeFirst()
      condition.broadcast()
      condition.unlock()
      do {
        for event in batch { try stream.write(event) }
      } catch {
        condition.lock()
        failure = error
        queued = []
        ended = true
        condition.broadcast()
        condition.unlock()
        return
      }
    }
  }
}
