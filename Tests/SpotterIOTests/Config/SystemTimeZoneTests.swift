import Foundation
import Testing
import _SpotterTestSupport

@testable import SpotterIO

/// The zone cron runs in comes from the machine's files, never from `TZ`.
@Suite struct SystemTimeZoneTests {
  func scratch() throws -> URL {
    let dir = TestScratch.root.appendingPathComponent("spotter-tz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test func theLocaltimeLinkNamesTheZone() throws {
    let dir = try scratch()
    let link = dir.appendingPathComponent("localtime").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
    #expect(SystemTimeZone.read(localtime: link, timezone: "/nonexistent")?.identifier == "Asia/Tokyo")
    // Relative links, as some systems write them, work too.
    let relative = dir.appendingPathComponent("relative").path
    try FileManager.default.createSymbolicLink(
      atPath: relative, withDestinationPath: "../usr/share/zoneinfo/Etc/UTC")
    #expect(SystemTimeZone.read(localtime: relative, timezone: "/nonexistent")?.identifier == "Etc/UTC")
  }

  @Test func elseTheTimezoneFileElseNothing() throws {
    let dir = try scratch()
    let file = dir.appendingPathComponent("timezone")
    try "America/New_York\n".write(to: file, atomically: false, encoding: .utf8)
    #expect(
      SystemTimeZone.read(localtime: "/nonexistent", timezone: file.path)?.identifier == "America/New_York")
    #expect(SystemTimeZone.read(localtime: "/nonexistent", timezone: "/nonexistent") == nil)
  }

  /// A copied `/etc/localtime` (no link) is identified by its bytes; a stale `/etc/timezone`
  /// beside it is not believed, and one that agrees picks among zones with the same bytes.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Tokyo")))
  func aCopiedLocaltimeIsKnownByItsContent() throws {
    let dir = try scratch()
    let copy = dir.appendingPathComponent("localtime").path
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: copy)
    let stale = dir.appendingPathComponent("timezone")
    try "Europe/Berlin\n".write(to: stale, atomically: false, encoding: .utf8)
    #expect(SystemTimeZone.read(localtime: copy, timezone: stale.path)?.identifier == "Asia/Tokyo")
    #expect(SystemTimeZone.read(localtime: copy, timezone: "/nonexistent")?.identifier == "Asia/Tokyo")
    let berlin = dir.appendingPathComponent("berlin").path
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: berlin)
    #expect(SystemTimeZone.read(localtime: berlin, timezone: stale.path)?.identifier == "Europe/Berlin")
  }

  /// Compiles tzdata source with zic into `dir`, as another build would: slim or fat files have
  /// other bytes than the machine's, and the same offsets.
  func compile(_ source: String, into dir: URL, fat: Bool) throws -> Bool {
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/zic") else { return false }
    let input = dir.appendingPathComponent("source.zi")
    try source.write(to: input, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/zic")
    process.arguments = [
      "-b", fat ? "fat" : "slim", "-d", dir.appendingPathComponent("out").path, input.path,
    ]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// A copy from another tzdata build (other bytes, same rules) is the zone of its rules, whatever
  /// a stale /etc/timezone says; links through posix/ and right/ name their zone; a copy whose
  /// rules match no zone is said in a warning, with the zone used instead.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/tzdata.zi")))
  func aCopyFromAnotherBuildIsKnownByItsRules() throws {
    let dir = try scratch()
    let tzdata = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
    let stale = dir.appendingPathComponent("timezone")
    try "Asia/Tokyo\n".write(to: stale, atomically: false, encoding: .utf8)
    for fat in [true, false] {
      guard try compile(tzdata, into: dir, fat: fat) else { return }
      for zone in [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "America/Santiago",
      ] {
        let built = dir.appendingPathComponent("out/" + zone).path
        let machine = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + zone))
        let copy = try Data(contentsOf: URL(fileURLWithPath: built))
        let resolved = SystemTimeZone.resolve(localtime: built, timezone: stale.path)
        #expect(resolved.warning == nil)
        let found = try #require(resolved.zone, "\(zone)")
        // The same offsets at every instant cron will meet, whichever name of the group is kept.
        if copy != machine {
          for day in stride(from: 1_790_000_000.0, to: 1_890_000_000.0, by: 3_600 * 7) {
            let instant = Date(timeIntervalSince1970: day)
            #expect(
              found.secondsFromGMT(for: instant) == TimeZone(identifier: zone)!.secondsFromGMT(for: instant),
              "\(zone) read as \(found.identifier)")
          }
        }
      }
    }
    for prefix in ["posix", "right"] {
      let link = dir.appendingPathComponent("link-\(prefix)").path
      try FileManager.default.createSymbolicLink(
        atPath: link, withDestinationPath: "/usr/share/zoneinfo/\(prefix)/Europe/Berlin")
      #expect(SystemTimeZone.read(localtime: link, timezone: stale.path)?.identifier == "Europe/Berlin")
    }
    let odd = try scratch()
    guard try compile("Zone Mars/Base 0:17 - MST\n", into: odd, fat: false) else { return }
    let unknown = SystemTimeZone.resolve(
      localtime: odd.appendingPathComponent("out/Mars/Base").path, timezone: stale.path)
    #expect(unknown.zone?.identifier == "Asia/Tokyo")
    #expect(unknown.warning?.contains("matches no time zone of this machine's tzdata") == true)
    #expect(unknown.warning?.contains("cron's times are read in Asia/Tokyo") == true)
  }

  @Test func posixRulesGiveTheOffsetsOfTheirYear() throws {
    let berlin = try #require(PosixRule("CET-1CEST,M3.5.0,M10.5.0/3"))
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    #expect(berlin.offset(at: 1_774_745_999) == 3600 && berlin.offset(at: 1_774_746_000) == 7200)
    #expect(berlin.offset(at: 1_792_889_999) == 7200 && berlin.offset(at: 1_792_890_000) == 3600)
    let sydney = try #require(PosixRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
    #expect(sydney.offset(at: 1_798_000_000) == 39600)  // December 2026: summer
    #expect(sydney.offset(at: 1_783_000_000) == 36000)  // July 2026: winter
    #expect(try #require(PosixRule("<+0530>-5:30")).offset(at: 0) == 19800)
    #expect(PosixRule("nonsense") == nil && PosixRule("CET-1CEST,M13.5.0,M10.5.0") == nil)
  }
}
