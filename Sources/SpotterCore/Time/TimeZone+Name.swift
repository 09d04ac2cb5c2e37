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
    guard !name.isEmpty, let zone = TimeZone(identifier: name), zone.identifier == name,
      !isFixedOffsetSpelling(zone.identifier)
    else { return nil }
    return zone
  }

  /// Foundation's own names for fixed offsets, `GMT+0200` or `GMT-0330`, which it makes up for
  /// `GMT+2` and keeps when given back: no tzdata file, calendar reader or cron knows them.
  static func isFixedOffsetSpelling(_ identifier: String) -> Bool {
    let scalars = Array(identifier.unicodeScalars)
    return scalars.count > 4 && String(String.UnicodeScalarView(scalars[0..<3])) == "GMT"
      && (scalars[3] == "+" || scalars[3] == "-")
  }

  /// The zone's name as the person gave it: `UTC` for UTC, else its IANA identifier.
  public var name: String { identifier == "Etc/UTC" ? "UTC" : identifier }

  /// Why `name` is not a zone, with what to write instead.
  public static func suggestion(for name: String) -> Phrase {
    let offset = name.uppercased().replacingOccurrences(of: " ", with: "")
    for prefix in ["UTC", "GMT"] where offset.hasPrefix(prefix) && offset.count > prefix.count {
      let rest = offset.dropFirst(prefix.count)
      guard let sign = rest.first, sign == "+" || sign == "-" else { continue }
      // `+2`, `+02`, `+0200` and `+02:00` all name whole hours; `+0530` does not.
      let digits = rest.dropFirst().filter { $0 != ":" }
      guard digits.allSatisfy(\.isASCII), !digits.isEmpty, let number = Int(digits) else { continue }
      let (hours, minutes) = digits.count > 2 ? (number / 100, number % 100) : (number, 0)
      let place = "give the place (e.g. Europe/Berlin), so that summer time is followed"
      let ort = "gib den Ort an (z. B. Europe/Berlin), damit die Sommerzeit befolgt wird"
      guard hours <= 14, minutes == 0 else {
        return Phrase(
          "not an IANA time zone name; \(place): tzdata has no zone for that fixed offset",
          de: "kein IANA-Zeitzonenname; \(ort): tzdata hat keine Zone für diesen festen Versatz")
      }
      let inverted = sign == "+" ? "-" : "+"
      let fixed = "Etc/GMT\(hours == 0 ? "" : "\(inverted)\(hours)")"
      return Phrase(
        "not an IANA time zone name; \(place), or for a fixed offset \(fixed) (tzdata inverts the sign)",
        de:
          "kein IANA-Zeitzonenname; \(ort), oder für einen festen Versatz \(fixed) (tzdata kehrt das Vorzeichen um)"
      )
    }
    // An abbreviation Foundation knows (`PST`, `IST`), which names a place in its table.
    if let place = abbreviationDictionary[name.uppercased()], place != name {
      return Phrase(
        "an abbreviation, not an IANA time zone name; give the place, e.g. \(place)",
        de: "eine Abkürzung, kein IANA-Zeitzonenname; gib den Ort an, z. B. \(place)")
    }
    return Phrase(
      "not an IANA time zone name (e.g. Europe/Berlin, America/New_York, UTC)",
      de: "kein IANA-Zeitzonenname (z. B. Europe/Berlin, America/New_York, UTC)")
  }
}
