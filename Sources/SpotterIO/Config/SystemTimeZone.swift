import Foundation

/// The machine's own time zone, the one a cron daemon reads crontabs in.
///
/// cron does not see a user's `TZ`: it runs in the zone `/etc/localtime` names (a link into
/// `zoneinfo/`), or `/etc/timezone` on systems that keep the name there.
public enum SystemTimeZone {
  /// The zone `localtime` links to, else the one `timezone` names, else nil.
  public static func read(localtime: String = "/etc/localtime", timezone: String = "/etc/timezone")
    -> TimeZone?
  {
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
      let range = target.range(of: "zoneinfo/"),
      let zone = TimeZone.named(String(target[range.upperBound...]))
    {
      return zone
    }
    if let text = try? String(contentsOfFile: timezone, encoding: .utf8),
      let name = text.split(whereSeparator: \.isNewline).first,
      let zone = TimeZone.named(name.trimmingCharacters(in: .whitespaces))
    {
      return zone
    }
    return nil
  }
}
