import Foundation
import Testing

@testable import SpotterICal

@Suite struct ICSReaderTests {
  @Test func restrictionChecksCatchAMissingDTSTAMP() throws {
    let text = """
      BEGIN:VCALENDAR\r
      PRODID:-//x//y//EN\r
      VERSION:2.0\r
      BEGIN:VEVENT\r
      UID:a@b\r
      DTSTART:20261123T170000Z\r
      SUMMARY:x\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let parsed = try ICSReader().read(text, fileName: "t.ics")
    #expect(!parsed.passesRestrictions)
    let fixed = text.replacingOccurrences(of: "UID:a@b\r\n", with: "UID:a@b\r\nDTSTAMP:20261122T000000Z\r\n")
    #expect(try ICSReader().read(fixed, fileName: "t.ics").passesRestrictions)
  }

  @Test func alarmWithoutTriggerFailsTheChecks() throws {
    let text = """
      BEGIN:VCALENDAR\r
      PRODID:-//x//y//EN\r
      VERSION:2.0\r
      BEGIN:VEVENT\r
      UID:a@b\r
      DTSTAMP:20261122T000000Z\r
      DTSTART:20261123T170000Z\r
      BEGIN:VALARM\r
      ACTION:DISPLAY\r
      DESCRIPTION:x\r
      END:VALARM\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    #expect(!(try ICSReader().read(text, fileName: "t.ics").passesRestrictions))
  }
}
