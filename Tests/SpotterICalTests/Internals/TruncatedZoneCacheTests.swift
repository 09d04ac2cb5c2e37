import Foundation
import SpotterCore
import Testing

@testable import SpotterICal

/// A zone's VTIMEZONE is truncated once per span and handed out as copies: the same bytes from
/// one thread or many, and after it was dropped and built again.
@Suite struct TruncatedZoneCacheTests {
  let from = Date(timeIntervalSince1970: 1_795_651_200)

  func calendar(_ zone: String, days: Int) throws -> String {
    try ICSWriter().write(
      events: [], timeZone: zone, validFrom: from, validUntil: from.addingTimeInterval(Double(days) * 86_400))
  }

  @Test func manyThreadsWriteTheBytesOneWrites() throws {
    let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata"]
    let expected = try zones.map { try calendar($0, days: 10) }
    #expect(expected.allSatisfy { $0.contains("BEGIN:VTIMEZONE") })
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var mismatches = 0
    }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let zone = zones[index % zones.count]
      let text = try? calendar(zone, days: 10)
      results.lock.lock()
      if text != expected[index % zones.count] { results.mismatches += 1 }
      results.lock.unlock()
    }
    #expect(results.mismatches == 0)
  }

  /// A year's plan made at the end of 2037 reaches past 2037, where libical stops expanding its
  /// built-in zones: the writer's zone is expanded through the span when it is made, so threads
  /// sharing it never make libical expand it again under each other, and 2038's summer time holds.
  @Test func aSpanPast2037IsWrittenTheSameByManyThreads() throws {
    // 2037-12-01T00:00:00Z and 2038-07-01T16:00:00Z.
    let start = Date(timeIntervalSince1970: 2_143_238_400)
    let summer = Date(timeIntervalSince1970: 2_161_612_800)
    let event = Event(
      uid: "focus-block-start-x-2038-07-01@spotter", kind: .focusBlock, sequence: 0, stamp: start,
      start: summer, end: summer.addingTimeInterval(3600), summary: "Focus", description: "", categories: [],
      status: .confirmed, alarms: [])
    @Sendable func calendar() throws -> String {
      try ICSWriter().write(
        events: [event], timeZone: "Europe/Berlin", validFrom: start,
        validUntil: start.addingTimeInterval(366 * 86400))
    }
    let expected = try calendar()
    #expect(expected.contains("DTSTART;TZID=Europe/Berlin:20380701T180000"))
    final class Results: @unchecked Sendable {
      let lock = NSLock()
      var mismatches = 0
    }
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 32) { _ in
      let text = try? calendar()
      results.lock.lock()
      if text != expected { results.mismatches += 1 }
      results.lock.unlock()
    }
    #expect(results.mismatches == 0)
  }

  @Test func aSpanDroppedAndBuiltAgainGivesTheSameBytes() throws {
    let first = try calendar("Europe/Berlin", days: 3)
    // More spans than the cache keeps: the first is dropped.
    for days in 100..<(100 + TruncatedZoneCache.capacity + 5) {
      _ = try calendar("Europe/Berlin", days: days)
    }
    #expect(try calendar("Europe/Berlin", days: 3) == first)
  }
}
