import Foundation
import SpotterCore
import Testing
import _SpotterTestSupport

@testable import SpotterICal

/// Equal inputs give equal digests, and any change to an event, the span or the zone gives
/// another: a digest that missed a change would leave a calendar unwritten.
@Suite struct CalendarInputDigestTests {
  let from = TestZones.instant("2026-11-22T00:00:00+01:00")
  let until = TestZones.instant("2026-11-30T00:00:00+01:00")

  let event = Event(
    uid: "workout-reminder-2026-11-23@spotter", kind: .workout, sequence: 2,
    stamp: TestZones.instant("2026-11-22T20:30:00Z"), start: TestZones.instant("2026-11-23T18:00:00+01:00"),
    end: TestZones.instant("2026-11-23T19:00:00+01:00"), summary: "Workout Time!",
    description: "Today: Push Day", categories: ["Spotter", "Workout"], status: .confirmed,
    alarms: [Alarm(description: "Workout Time!", trigger: Trigger(offsetSeconds: -1800))])

  func digest(
    _ events: [Event], zone: String = "Europe/Berlin", until: Date? = nil, program: String = "1:2:3:4.5"
  )
    throws -> String
  {
    let dependencies = try #require(CalendarInputDigest.dependencies(timeZone: zone))
    var digest = CalendarInputDigest(
      timeZone: zone, validFrom: from, validUntil: until ?? self.until, identities: [program] + dependencies)
    for event in events { digest.add(event) }
    return digest.value
  }

  @Test func equalInputsGiveEqualDigests() throws {
    #expect(try digest([event]) == digest([event]))
    #expect(try digest([event]).count == 32)
    #expect(try digest([event], zone: "UTC") == digest([event], zone: "UTC"))
  }

  @Test func everyChangeGivesAnotherDigest() throws {
    var changed: [Event] = []
    func with(_ change: (inout Event) -> Void) {
      var copy = event
      change(&copy)
      changed.append(copy)
    }
    with { $0.uid += "x" }
    with { $0.kind = .achievement }
    with { $0.sequence += 1 }
    with { $0.stamp += 1 }
    with { $0.start += 60 }
    with { $0.end += 60 }
    with { $0.summary = "Workout Time" }
    with { $0.description = "Today: Pull Day" }
    with { $0.categories = ["Spotter"] }
    with { $0.categories = ["SpotterWorkout"] }
    with { $0.status = .cancelled }
    with { $0.alarms = [] }
    with { $0.alarms[0].description = "Now" }
    with { $0.alarms[0].trigger = Trigger(offsetSeconds: -900) }
    with { $0.alarms.append($0.alarms[0]) }
    var seen: Set<String> = [try digest([event])]
    for other in changed { #expect(seen.insert(try digest([other])).inserted, "\(other)") }
    // The span, the zone, the program, and the events' number and order.
    for other in [
      try digest([event], until: until + 86400), try digest([event], zone: "Europe/Vienna"), try digest([]),
      try digest([event], program: "1:2:3:4.6"), try digest([event, event]), try digest([event, changed[0]]),
      try digest([changed[0], event]),
    ] {
      #expect(seen.insert(other).inserted)
    }
  }

  /// The library and the zone's tzdata file are named as files; UTC, written without a
  /// VTIMEZONE, needs none.
  @Test func theLibraryAndTheZonesTzdataAreNamed() throws {
    let berlin = try #require(CalendarInputDigest.dependencies(timeZone: "Europe/Berlin"))
    #expect(berlin.count == 2 && berlin[1].hasSuffix("/Europe/Berlin"))
    #expect(
      FileManager.default.fileExists(atPath: berlin[0]) && FileManager.default.fileExists(atPath: berlin[1]))
    #expect(CalendarInputDigest.dependencies(timeZone: "UTC") == [berlin[0]])
  }
}
