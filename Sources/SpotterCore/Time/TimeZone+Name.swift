import Foundation

extension TimeZone {
  /// The tzdata names of UTC, which Foundation renames `GMT`; they become `Etc/UTC`, the one
  /// Foundation keeps, and are shown as `UTC`.
  static let utcNames: Set<String> = [
    "UTC", "Etc/UTC", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu", "UCT", "Etc/UCT",
  ]

  /// The zone an IANA name names, or nil when `name` is not one.
  ///
  /// Foundation also accepts `UTC+2` and `GMT+2` and turns them into `GMT+0200`, a zone no other
  /// program on the machine knows by that name (cron, the calendar readers): only names it
  /// keeps as given are IANA names. `UTC` is kept as `UTC`, not renamed `GMT`.
  public static func named(_ name: String) -> TimeZone? {
    if utcNames.contains(name) { return TimeZone(identifier: "Etc/UTC") }
    guard !name.isEmpty, let zone = TimeZone(identifier: name), zone.identifier == name else { return nil }
    return zone
  }

  /// The zone's name as the person gave it: `UTC` for UTC, else its IANA identifier.
  public var name: String { identifier == "Etc/UTC" ? "UTC" : identifier }

  /// Why `name` is not a zone, with what to write instead.
  public static func suggestion(for name: String) -> String {
    let offset = name.uppercased().replacingOccurrences(of: " ", with: "")
    for prefix in ["UTC", "GMT"] where offset.hasPrefix(prefix) && offset.count > prefix.count {
      let rest = offset.dropFirst(prefix.count)
      if let sign = rest.first, sign == "+" || sign == "-", let hours = Int(rest.dropFirst()), hours <= 14 {
        let inverted = sign == "+" ? "-" : "+"
        return
          "not an IANA time zone name; give the place (e.g. Europe/Berlin), so that summer time is followed, "
          + "or for a fixed offset Etc/GMT\(inverted)\(hours) (tzdata inverts the sign)"
      }
    }
    return "not an IANA time zone name (e.g. Europe/Berlin, America/New_York, UTC)"
  }
}
