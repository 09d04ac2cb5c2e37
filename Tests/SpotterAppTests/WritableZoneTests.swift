import Foundation
import SpotterCore
import SpotterICal
import SpotterIO
import Testing

@testable import SpotterApp

/// A night that builds its calendar leaves the zone it was written in, with the files libical
/// wrote it from, for the next commands' zone check; the store's word holds for that zone and
/// those files only.
@Suite struct WritableZoneTests {
  let evening = "2026-11-22T21:30:00+01:00"

  @Test func aBuiltCalendarLeavesItsZoneWhichVouchesForThatZoneAndThoseFilesOnly() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let stored = try Store(readingAt: box.db).setting(WritableZone.settingKey)
    let berlin = try #require(WritableZone(zone: "Europe/Berlin"))
    #expect(stored == berlin.setting)
    // As the workspace asks it: what the stored setting vouches for, compared with a zone's name.
    func vouches(_ stored: String?, for name: String) -> Bool {
      stored.flatMap(WritableZone.vouchedZone) == name
    }
    #expect(vouches(stored, for: "Europe/Berlin"))
    // Another zone, a name it starts with, nothing stored, or other files: libical is asked.
    #expect(!vouches(stored, for: "Asia/Tokyo"))
    #expect(!vouches(stored, for: "Europe/Berli"))
    #expect(!vouches(nil, for: "Europe/Berlin"))
    let lines = berlin.setting.split(separator: "\n").map(String.init)
    #expect(lines.count == 3 && lines[0] == "Europe/Berlin")
    for changed in 1..<lines.count {
      var other = lines
      other[changed] += "0"
      #expect(!vouches(other.joined(separator: "\n"), for: "Europe/Berlin"))
    }
    #expect(!vouches(lines.dropLast().joined(separator: "\n"), for: "Europe/Berlin"))
  }

  /// An unchanged night does not build its calendar, and leaves the zone as it was; a night in
  /// another zone builds it and leaves that zone.
  @Test func aNightInAnotherZoneLeavesThatZone() throws {
    let box = try AppSandbox.afterANight(at: evening)
    let before = try Store(readingAt: box.db).setting(WritableZone.settingKey)
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [], horizon: .coming(count: 7), outputDirectory: box.out)
    #expect(try Store(readingAt: box.db).setting(WritableZone.settingKey) == before)
    try "timezone = \"Asia/Tokyo\"\n".write(toFile: box.config, atomically: true, encoding: .utf8)
    _ = try NightlyRunner(workspace: try box.workspace(at: evening)).run(
      histories: [], horizon: .coming(count: 7), outputDirectory: box.out)
    let tokyo = try Store(readingAt: box.db).setting(WritableZone.settingKey)
    #expect(tokyo == WritableZone(zone: "Asia/Tokyo")?.setting)
  }
}
