import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterICal

/// Every zone spelling Foundation accepts is either refused, with a suggestion, by the rule
/// Spotter applies before anything could store it (`TimeZone.named`, then the writer's
/// `canWrite`, as `Workspace.isWritable`), or written by the calendar writer: `GMT+0200` once
/// passed the first check and failed the writer, after the store had pinned it.
@Suite struct ZoneSpellingTests {
  static var spellings: [String] {
    var names = TimeZone.knownTimeZoneIdentifiers + Array(TimeZone.abbreviationDictionary.keys)
    for prefix in ["GMT", "UTC", "gmt", "utc", "Etc/GMT", "UT", "Z"] {
      for sign in ["+", "-"] {
        for hours in [0, 1, 2, 3, 5, 10, 12, 14, 15] {
          let two = hours < 10 ? "0\(hours)" : "\(hours)"
          names += [
            prefix + sign + "\(hours)", prefix + sign + two, prefix + sign + two + "00",
            prefix + sign + two + ":00",
            prefix + sign + "\(hours):30", prefix + sign + two + "30",
          ]
        }
      }
    }
    names += [
      "CET", "EST5EDT", "PST8PDT", "MST7MDT", "CST6CDT", "EST", "MST", "HST", "WET", "MET", "EET", "GMT",
      "GMT0",
      "Greenwich", "UCT", "Universal", "Zulu", "Z", "", " ", "local", "Europe/Berlin ", "europe/berlin",
      "Europe//Berlin", "../Europe/Berlin", "posix/Europe/Berlin", "right/Europe/Berlin", "US/Eastern",
      "Asia/Calcutta", "Factory", "localtime", "posixrules",
    ]
    return names
  }

  @Test func everySpellingIsRefusedWithASuggestionOrWrittenByTheCalendarWriter() throws {
    var kept = 0
    var refused = 0
    for name in Self.spellings {
      guard let zone = TimeZone.named(name), ICSWriter.canWrite(timeZone: zone.name) else {
        refused += 1
        #expect(
          TimeZone.suggestion(for: name).english.contains("e.g."),
          "\(name): \(TimeZone.suggestion(for: name))")
        continue
      }
      kept += 1
      let start = TestZones.instant("2026-11-23T18:00:00Z")
      let event = Event(
        uid: "workout-reminder-2026-11-23@spotter", kind: .workout, sequence: 0, stamp: start, start: start,
        end: start.addingTimeInterval(3600), summary: "Push Day", description: "d", categories: ["Spotter"],
        status: .confirmed,
        alarms: [Alarm(description: "a", trigger: Trigger(offsetSeconds: -1800))])
      #expect(throws: Never.self, "\(name) is kept as \(zone.name) but cannot be written") {
        _ = try ICSWriter().write(
          events: [event], timeZone: zone.name, validFrom: start.addingTimeInterval(-86400),
          validUntil: start.addingTimeInterval(86400))
      }
    }
    #expect(kept > 400 && refused > 100, "kept \(kept), refused \(refused)")
  }
}
