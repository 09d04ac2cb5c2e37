import Foundation
import SpotterCore

/// The machine's own time zone, the one a cron daemon reads crontabs in.
///
/// cron does not see a user's `TZ`: it runs in the zone `/etc/localtime` holds. That is a link
/// into `zoneinfo/` on most systems, whose target names the zone; where it is a copied file
/// (some container images and installers copy it), the zone is the one whose tzdata file has the
/// same bytes, since `/etc/timezone` is often left stale beside a copy and cron would fire an hour
/// off.
public enum SystemTimeZone {
  /// The zone `localtime` is, else the one `timezone` names, else nil.
  public static func read(
    localtime: String = "/etc/localtime", timezone: String = "/etc/timezone",
    zoneinfo: String = "/usr/share/zoneinfo"
  ) -> TimeZone? {
    let named = (try? String(contentsOfFile: timezone, encoding: .utf8))
      .flatMap { $0.split(whereSeparator: \.isNewline).first }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime) {
      if let range = target.range(of: "zoneinfo/"),
        let zone = TimeZone.named(String(target[range.upperBound...]))
      {
        return zone
      }
    } else if let copy = FileManager.default.contents(atPath: localtime),
      copy.starts(with: Array("TZif".utf8))
    {
      return zone(matching: copy, preferring: named, in: zoneinfo)
    }
    return named.flatMap(TimeZone.named)
  }

  /// The zone whose tzdata file is byte for byte `copy`: the one `preferred` names when it is
  /// such a zone, else the first in name order. Zones that are links to one another share
  /// bytes and rules, so any of them fires cron lines at the same instants.
  static func zone(matching copy: Data, preferring preferred: String?, in zoneinfo: String) -> TimeZone? {
    func same(_ name: String) -> Bool {
      let path = zoneinfo + "/" + name
      guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
        size.intValue == copy.count
      else { return false }
      return FileManager.default.contents(atPath: path) == copy
    }
    if let preferred, !preferred.contains(".."), same(preferred), let zone = TimeZone.named(preferred) {
      return zone
    }
    let names = TimeZone.knownTimeZoneIdentifiers.sorted()
    for name in names where same(name) {
      if let zone = TimeZone.named(name) { return zone }
    }
    return nil
  }
}
