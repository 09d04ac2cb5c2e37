import Foundation
import Testing

@testable import SpotterICal

@Suite struct ICSReaderTests {
  /// A one-event calendar with CRLF line endings, the event's lines given.
  func calendar(event lines: [String]) -> String {
    (["BEGIN:VCALENDAR", "PRODID:-//x//y//EN", "VERSION:2.0", "BEGIN:VEVENT"] + lines
      + ["END:VEVENT", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
  }

  @Test func restrictionChecksCatchAMissingDTSTAMP() throws {
    let text = calendar(event: ["UID:a@b", "DTSTART:20261123T170000Z", "SUMMARY:x"])
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(!parsed.passesRestrictions)
    let fixed = text.replacingOccurrences(of: "UID:a@b\r\n", with: "UID:a@b\r\nDTSTAMP:20261122T000000Z\r\n")
    #expect(try ICSReader().read(fixed, fileName: "t.ics").passesRestrictions)
  }

  @Test func alarmWithoutTriggerFailsTheChecks() throws {
    let text = calendar(event: [
      "UID:a@b", "DTSTAMP:20261122T000000Z", "DTSTART:20261123T170000Z", "BEGIN:VALARM", "ACTION:DISPLAY",
      "DESCRIPTION:x", "END:VALARM",
    ])
    #expect(!(try ICSReader().read(text, fileName: "t.ics").passesRestrictions))
  }
}
