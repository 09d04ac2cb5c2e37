import Foundation
import Testing

@testable import SpotterIO

/// The zone cron runs in comes from the machine's files, never from `TZ`.
@Suite struct SystemTimeZoneTests {
  func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-tz-\(UUID().uuidString)")
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
    try "America/New_York\n".write(to: file, atomically: true, encoding: .utf8)
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
    try "Europe/Berlin\n".write(to: stale, atomically: true, encoding: .utf8)
    #expect(SystemTimeZone.read(localtime: copy, timezone: stale.path)?.identifier == "Asia/Tokyo")
    #expect(SystemTimeZone.read(localtime: copy, timezone: "/nonexistent")?.identifier == "Asia/Tokyo")
    let berlin = dir.appendingPathComponent("berlin").path
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: berlin)
    #expect(SystemTimeZone.read(localtime: berlin, timezone: stale.path)?.identifier == "Europe/Berlin")
  }
}
