import Foundation
import SpotterCore

/// The machine's own time zone, the one a cron daemon reads crontabs in.
///
/// cron does not see a user's `TZ`: it runs in the zone `/etc/localtime` holds. That is a link
/// into `zoneinfo/` on most systems, whose target names the zone (also through `posix/` and
/// `right/`, the same zones with and without leap seconds). Where it is a copied file (container
/// images, installers, PyPI's tzdata), the zone is the one whose tzdata file has the same bytes
/// or, when the copy came from another tzdata build, the one whose offsets agree with the copy's
/// at every change from 2020 to 2040, read from its transitions and its footer's rule; `/etc/
/// timezone` is often left stale beside a copy, and cron would fire an hour off.
public enum SystemTimeZone {
  /// The zone `localtime` is, else the one `timezone` names, else nil.
  public static func read(
    localtime: String = "/etc/localtime", timezone: String = "/etc/timezone",
    zoneinfo: String = "/usr/share/zoneinfo"
  ) -> TimeZone? {
    resolve(localtime: localtime, timezone: timezone, zoneinfo: zoneinfo).zone
  }

  /// ``read(localtime:timezone:zoneinfo:)``, and a warning when `localtime` is a zone file that
  /// matches no zone, saying which zone is used instead.
  public static func resolve(
    localtime: String = "/etc/localtime", timezone: String = "/etc/timezone",
    zoneinfo: String = "/usr/share/zoneinfo"
  ) -> (zone: TimeZone?, warning: String?) {
    let named = (try? String(contentsOfFile: timezone, encoding: .utf8))
      .flatMap { $0.split(whereSeparator: \.isNewline).first }
      // Spaces and tabs, trimmed without Foundation's trip through NSString: 900,000
      // instructions of every command that starts, for an ASCII line.
      .map { String($0).trimmed }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
      let zone = zone(namedBy: target)
    {
      return (zone, nil)
    }
    if let copy = FileManager.default.contents(atPath: localtime), copy.starts(with: Array("TZif".utf8)) {
      if let zone = zone(matching: copy, preferring: named, in: zoneinfo) { return (zone, nil) }
      let fallback = named.flatMap(TimeZone.named)
      return (
        fallback,
        "warning: \(localtime) matches no time zone of this machine's tzdata, by its bytes or its rules; "
          + "cron's times are read in \(fallback?.name ?? "UTC")"
          + (fallback == nil ? "" : " (from \(timezone))")
          + "; set [agenda] timezone to the zone cron runs in"
      )
    }
    return (named.flatMap(TimeZone.named), nil)
  }

  /// The zone a link's target names: the path after `zoneinfo/`, without `posix/` or `right/`;
  /// else the longest tail of the path that names a zone.
  static func zone(namedBy target: String) -> TimeZone? {
    var parts = target.split(separator: "/").map(String.init)
    if let index = parts.lastIndex(of: "zoneinfo") { parts = Array(parts[(index + 1)...]) }
    if let first = parts.first, first == "posix" || first == "right" { parts.removeFirst() }
    while !parts.isEmpty {
      if parts.count <= 3, let zone = TimeZone.named(parts.joined(separator: "/")) { return zone }
      parts.removeFirst()
    }
    return nil
  }

  /// The zone whose tzdata file is byte for byte `copy`, else whose offsets agree with `copy`'s:
  /// the one `preferred` names when it is such a zone, else the first in name order. Zones that
  /// are links to one another, or that share rules, fire cron lines at the same instants.
  static func zone(matching copy: Data, preferring preferred: String?, in zoneinfo: String) -> TimeZone? {
    func same(_ name: String) -> Bool {
      let path = zoneinfo + "/" + name
      guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
        size.intValue == copy.count
      else { return false }
      return FileManager.default.contents(atPath: path) == copy
    }
    let usable = preferred.flatMap { $0.contains("..") ? nil : TimeZone.named($0) }
    if let usable, same(usable.identifier) { return usable }
    let names = TimeZone.knownTimeZoneIdentifiers.sorted()
    for name in names where same(name) {
      if let zone = TimeZone.named(name) { return zone }
    }
    guard let rules = TZifRules(copy) else { return nil }
    let candidates = (usable.map { [$0.identifier] } ?? []) + names
    for name in candidates {
      if let zone = TimeZone.named(name), agrees(rules, zone) { return zone }
    }
    return nil
  }

  /// The span over which a copy's offsets are compared: what cron will meet for years.
  static let comparedSpan: ClosedRange<Int64> = 1_577_836_800...2_208_988_800  // 2020 to 2040

  /// Whether `zone` has `rules`' offset at every change of either in ``comparedSpan`` (a second
  /// before and after it) and at the start of every month.
  static func agrees(_ rules: TZifRules, _ zone: TimeZone) -> Bool {
    func same(_ instant: Int64) -> Bool {
      zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        == rules.offset(at: instant)
    }
    // Monthly probes first: most zones differ at the first.
    for month in stride(from: comparedSpan.lowerBound, through: comparedSpan.upperBound, by: 30 * 86400)
    where !same(month) {
      return false
    }
    for change in rules.changes(in: comparedSpan) where !same(change - 1) || !same(change + 1) {
      return false
    }
    var next = zone.nextDaylightSavingTimeTransition(
      after: Date(timeIntervalSince1970: TimeInterval(comparedSpan.lowerBound)))
    while let change = next, Int64(change.timeIntervalSince1970) <= comparedSpan.upperBound {
      let instant = Int64(change.timeIntervalSince1970)
      guard same(instant - 1), same(instant + 1) else { return false }
      next = zone.nextDaylightSavingTimeTransition(after: change)
    }
    return true
  }
}
