import Foundation
import SpotterCore
import SpotterICal
import Testing

@testable import SpotterApp

/// The calendar written on a second thread: the same bytes as on one, whatever the batches, and a
/// failure there stops the caller.
@Suite struct BackgroundCalendarWriterTests {
  let from = Date(timeIntervalSince1970: 1_795_651_200)

  func events(_ count: Int) -> [Event] {
    (0..<count).map { index in
      let start = from.addingTimeInterval(Double(index) * 600)
      return Event(
        uid: "focus-block-start-abcd1234-\(index)@spotter", kind: .focusBlock, sequence: index % 3,
        stamp: from,
        start: start, end: start.addingTimeInterval(1800), summary: "Block \(index)",
        description: "Starts soon",
        categories: ["Spotter", "Focus"], status: index % 7 == 0 ? .cancelled : .confirmed,
        alarms: index % 7 == 0 ? [] : [Alarm(description: "Block", trigger: Trigger(offsetSeconds: -300))])
    }
  }

  /// Collects what the writer's thread hands its sink.
  final class Collected: @unchecked Sendable {
    let lock = NSLock()
    var bytes: [UInt8] = []
    var limit = Int.max
    struct Full: Error {}

    func append(_ chunk: UnsafeBufferPointer<UInt8>) throws {
      lock.lock()
      defer { lock.unlock() }
      guard bytes.count + chunk.count <= limit else { throw Full() }
      bytes.append(contentsOf: chunk)
    }
  }

  @Test(arguments: [0, 1, 255, 256, 257, 2049])
  func writesTheBytesOneThreadWrites(count: Int) throws {
    let until = from.addingTimeInterval(40 * 86_400)
    let events = events(count)
    let collected = Collected()
    let writer = try BackgroundCalendarWriter(
      timeZone: "Europe/Berlin", validFrom: from, validUntil: until, to: { try collected.append($0) })
    for event in events { try writer.write(event) }
    try writer.finish()
    // A second thread only from the first full batch on.
    #expect(writer.started == (count >= BackgroundCalendarWriter.batchSize))
    let expected = try ICSWriter().write(
      events: events, timeZone: "Europe/Berlin", validFrom: from, validUntil: until)
    #expect(String(decoding: collected.bytes, as: UTF8.self) == expected)
  }

  /// A writer of a day's calendar whose sink fails once it would hold more than `limit` bytes.
  func writer(failingPast limit: Int) throws -> BackgroundCalendarWriter {
    let collected = Collected()
    collected.limit = limit
    return try BackgroundCalendarWriter(
      timeZone: "Europe/Berlin", validFrom: from, validUntil: from.addingTimeInterval(86_400),
      to: { try collected.append($0) })
  }

  @Test func aFailureOnItsThreadStopsTheCaller() throws {
    let writer = try writer(failingPast: 20_000)
    // The queue holds a few batches, so the caller learns of the failure before it has handed
    // over every event, and finish() reports it too.
    #expect(throws: Collected.Full.self) {
      for event in events(20_000) { try writer.write(event) }
      try writer.finish()
    }
    writer.abandon()
  }

  @Test func aFailureInASmallCalendarStopsTheCallerAtFinish() throws {
    let writer = try writer(failingPast: 2_000)
    for event in events(100) { try writer.write(event) }
    #expect(throws: Collected.Full.self) { try writer.finish() }
    #expect(!writer.started)
    writer.abandon()
  }
}
