import Foundation
import Testing

@testable import SpotterICal

/// What libical is handed: long physical lines folded, so its line reader never scans a line
/// over and over, and properties with absurd parameter counts refused with their line.
@Suite struct LibicalPreparedTests {
  func calendar(event lines: [String]) -> String {
    ([
      "BEGIN:VCALENDAR", "PRODID:-//x//y//EN", "VERSION:2.0", "BEGIN:VEVENT", "UID:a@b",
      "DTSTAMP:20261122T000000Z", "DTSTART:20261127T140000Z", "DTEND:20261127T150000Z",
    ] + lines
      + ["END:VEVENT", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
  }

  @Test func ordinaryTextPassesUnchanged() throws {
    let text = calendar(event: ["SUMMARY:Deep work", "DESCRIPTION:" + String(repeating: "é", count: 400)])
    #expect(try Libical.prepared(text, fileName: "t.ics") == text)
  }

  /// A 3 MB line of multi-byte characters comes back as lines of at most 1,000 bytes that
  /// unfold to the same value, read by libical whole.
  @Test func aLongLineIsFoldedAndReadsBackWhole() throws {
    let value = String(repeating: "ab€", count: 600_000)
    let text = calendar(event: ["SUMMARY:" + value])
    let prepared = try Libical.prepared(text, fileName: "t.ics")
    let lines = prepared.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= Libical.longestPhysicalLine + 1 })
    #expect(prepared.replacingOccurrences(of: "\r\n ", with: "") == text)
    let event = try #require(try ICSReader().read(text, fileName: "t.ics").events.first)
    #expect(event.summary == value)
  }

  @Test func aPropertyWithTooManyParametersIsRefusedWithItsLine() throws {
    let parameters = (0..<101).map { "P\($0)=\"v;:\"" }.joined(separator: ";")
    let text = calendar(event: ["SUMMARY:ok", "X-FOO;" + parameters + ":v"])
    #expect(
      throws: SpotterICalError.unparsable(
        file: "t.ics", line: 10,
        reason: "property 'X-FOO' has more than 100 parameters; a calendar property has a few")
    ) {
      try Libical.prepared(text, fileName: "t.ics")
    }
    // Folded, the same property is the same line; semicolons in a value or in quotes don't count.
    let fine = calendar(event: [
      "X-FOO;" + (0..<100).map { "P\($0)=\"a;b\"" }.joined(separator: ";") + ":v;"
        + String(repeating: ";", count: 500),
      "DESCRIPTION:" + String(repeating: ";", count: 500),
    ])
    #expect(throws: Never.self) { try Libical.prepared(fine, fileName: "t.ics") }
  }

  /// A BEGIN more than 16 components deep is refused with its line, whatever its case; ENDs
  /// lower the depth, so many components side by side, or a stray END, never add up.
  @Test func componentsNestedTooDeepAreRefusedWithTheirLine() throws {
    func nested(_ depth: Int, name: String = "X-DEEP") -> [String] {
      Array(repeating: "BEGIN:\(name)", count: depth) + Array(repeating: "END:\(name)", count: depth)
    }
    // VCALENDAR and VEVENT are two; fourteen more reach sixteen.
    #expect(throws: Never.self) { try Libical.prepared(calendar(event: nested(14)), fileName: "t.ics") }
    #expect(
      throws: SpotterICalError.unparsable(
        file: "t.ics", line: 23,
        reason: "BEGIN:x-deep nests components more than 16 deep; a calendar nests three")
    ) {
      try Libical.prepared(calendar(event: nested(15, name: "x-deep")), fileName: "t.ics")
    }
    #expect(throws: SpotterICalError.self) {
      try Libical.prepared(
        calendar(event: nested(15, name: "X-DEEP").map { $0.lowercased() }), fileName: "t.ics")
    }
    let sideBySide = (0..<1_000).flatMap { _ in nested(14) } + ["END:X-STRAY", "END:X-STRAY"] + nested(14)
    #expect(throws: Never.self) { try Libical.prepared(calendar(event: sideBySide), fileName: "t.ics") }
    // A value or a parameter that says BEGIN is no component.
    let values =
      Array(repeating: "DESCRIPTION:BEGIN:X", count: 40) + Array(repeating: "BEGIN;X=1:X", count: 40)
    #expect(throws: Never.self) { try Libical.prepared(calendar(event: values), fileName: "t.ics") }
  }
}
